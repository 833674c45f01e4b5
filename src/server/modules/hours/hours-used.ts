import { and, eq, gte, isNull, ne, sql } from "drizzle-orm";
import { preparedOnce, UNNAMED } from "../../db/prepared-once";
import { subscription } from "../../db/schema/billing";
import { company } from "../../db/schema/companies";
import { hoursOverride, timeEntry } from "../../db/schema/hours";
import { pricingPlan } from "../../db/schema/pricing";
import type { Database } from "../../db/client";

export interface HoursUsed {
  usedMinutes: number;
  includedMinutes: number;
}

/**
 * Hours used and included this period for many companies at once (the staff clients table's page,
 * the staff overview), in one grouped query rather than one per company. The period's first day
 * is, in the company's time zone, the day its live subscription's period starts on, else the first
 * of the calendar month (ADR 0033). Used = billable minutes not yet settled, minus declined extra
 * time; included = the override's or the plan's monthly minutes (without proration or rollover:
 * the client's Billing tab has the exact budget). Companies with neither terms nor time are absent.
 */
export async function hoursUsedOf(db: Database, companyIds: string[], now: Date): Promise<Map<string, HoursUsed>> {
  if (companyIds.length === 0) return new Map();
  const rows = await hoursStatement(db).execute({ ids: companyIds, now: now.toISOString() });
  return new Map(
    rows
      .filter((row) => row.used > 0 || row.included > 0)
      .map((row) => [row.companyId, { usedMinutes: row.used, includedMinutes: row.included }]),
  );
}

/** The grouped query of `hoursUsedOf`, built once per database handle (the clients table sends it with every page). */
const hoursStatement = (db: Database) =>
  preparedOnce(db, "hoursUsedOf", () => {
    const live = and(eq(subscription.companyId, company.id), ne(subscription.status, "canceled"));
    const firstDay = sql`(case when ${subscription.id} is not null
    then (${subscription.currentPeriodStart} at time zone ${company.timeZone})::date
    else date_trunc('month', ${sql.placeholder("now")}::timestamptz at time zone ${company.timeZone})::date end)`;
    const used = sql<number>`coalesce(sum(case when ${timeEntry.approval} = 'declined'
    then ${timeEntry.minutes} - ${timeEntry.extraMinutes} else ${timeEntry.minutes} end), 0)`;
    const included = sql<number>`coalesce(${hoursOverride.includedMinutes}, ${pricingPlan.includedMinutes}, 0)`;
    return db
      .select({ companyId: company.id, used: used.mapWith(Number), included: included.mapWith(Number) })
      .from(company)
      .leftJoin(subscription, live)
      .leftJoin(pricingPlan, eq(pricingPlan.id, subscription.planId))
      .leftJoin(hoursOverride, eq(hoursOverride.companyId, company.id))
      .leftJoin(
        timeEntry,
        and(
          eq(timeEntry.companyId, company.id),
          eq(timeEntry.billable, true),
          isNull(timeEntry.settlementId),
          gte(timeEntry.day, sql`${firstDay}`),
        ),
      )
      .where(sql`${company.id} = any(${sql.placeholder("ids")}::uuid[])`)
      .groupBy(company.id, hoursOverride.includedMinutes, pricingPlan.includedMinutes)
      .prepare(UNNAMED);
  });
