import { and, eq, inArray, isNull } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { timeEntry } from "../../db/schema/hours";
import { hoursUsedOf } from "./hours-used";
import type { THoursOverviewResponse } from "../../../shared/hours";
import type { ServiceContext } from "../../context/service-context";

/**
 * Staff's overview of retainer hours: the companies with open billable time, then their figures
 * in one grouped query (`hoursUsedOf`). Unbilled = this period's used time across clients.
 */
export async function getHoursOverview({ db, now }: ServiceContext): Promise<THoursOverviewResponse> {
  const open = await db
    .selectDistinct({ companyId: timeEntry.companyId })
    .from(timeEntry)
    .where(and(isNull(timeEntry.settlementId), eq(timeEntry.billable, true)));
  const figures = await hoursUsedOf(
    db,
    open.map((row) => row.companyId),
    now,
  );
  let unbilledMinutes = 0;
  const over: { companyId: string; usedMinutes: number; includedMinutes: number }[] = [];
  for (const [companyId, hours] of figures) {
    unbilledMinutes += hours.usedMinutes;
    if (hours.usedMinutes > hours.includedMinutes) over.push({ companyId, ...hours });
  }
  const names = over.length
    ? await db
        .select({ id: company.id, name: company.name })
        .from(company)
        .where(
          inArray(
            company.id,
            over.map((row) => row.companyId),
          ),
        )
    : [];
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return {
    unbilledMinutes,
    overBudget: over
      .sort((a, b) => b.usedMinutes - b.includedMinutes - (a.usedMinutes - a.includedMinutes))
      .map((row) => ({
        company: { id: row.companyId, name: nameOf.get(row.companyId) ?? "" },
        usedMinutes: row.usedMinutes,
        includedMinutes: row.includedMinutes,
      })),
  };
}
