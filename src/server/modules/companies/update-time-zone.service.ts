import { eq } from "drizzle-orm";
import { requireCompany } from "../../context/company-scope";
import { automation } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { audit } from "../audit";
import { firstWholeRetainedDay, rezoneDailyRollup } from "../ingest";
import type { ActorContext } from "../../context/service-context";

/**
 * Moves the company to another time zone and counts its kept runs again in that zone's days
 * (older days, whose runs retention may have deleted, keep their figures), in one transaction. The company's automations are locked first: a run report waits for
 * the change (and then counts in the new zone's days) or is in the runs the rebuild reads.
 */
export async function updateTimeZone(ctx: ActorContext, input: { companyId: string; timeZone: string }) {
  const { companyId, timeZone } = input;
  await ctx.transaction(async (tx) => {
    const current = await requireCompany(tx.db, companyId, { lock: true });
    if (current.timeZone === timeZone) return;
    await tx.db
      .select({ id: automation.id })
      .from(automation)
      .where(eq(automation.companyId, current.id))
      .orderBy(automation.id)
      .for("update");
    await tx.db.update(company).set({ timeZone, updatedAt: tx.now }).where(eq(company.id, current.id));
    await rezoneDailyRollup(tx.db, {
      companyId: current.id,
      previousZone: current.timeZone,
      fromDay: firstWholeRetainedDay(tx),
    });
    await audit(tx, {
      action: "company.time_zone_changed",
      companyId: current.id,
      objectType: "company",
      objectId: current.id,
      summary: `Changed the time zone of ${current.name} from ${current.timeZone} to ${timeZone}`,
      before: { timeZone: current.timeZone },
      after: { timeZone },
    });
  });
  return { timeZone };
}
