import { and, asc, eq, gt, lt } from "drizzle-orm";
import { DAY_MS, dayOf } from "../../../shared/days";
import { subscription } from "../../db/schema/billing";
import { company } from "../../db/schema/companies";
import { hoursOverride, hoursPlanChange, hoursSettlement } from "../../db/schema/hours";
import { pricingPlan } from "../../db/schema/pricing";
import type { Database } from "../../db/client";

export interface HoursTerms {
  includedMinutes: number;
  overageRateMinor: number;
  hoursRollover: boolean;
  rolloverCapMinutes: number;
  overageNeedsApproval: boolean;
}

/** The period hours are counted in: the subscription's, or the calendar month when there is none. */
export interface HoursPeriod {
  start: Date;
  end: Date;
  /** First and last day (inclusive) in the company's time zone: the days entries are dated with. */
  firstDay: string;
  lastDay: string;
  subscribed: boolean;
}

export interface CompanyHours {
  companyId: string;
  currency: string;
  timeZone: string;
  terms: HoursTerms;
  /** "override" when staff set the company's own terms. */
  source: "plan" | "override" | "none";
  period: HoursPeriod;
  /** The included minutes of this period, prorated over a mid-period plan change. */
  includedMinutes: number;
  rolledInMinutes: number;
}

const NO_TERMS: HoursTerms = {
  includedMinutes: 0,
  overageRateMinor: 0,
  hoursRollover: false,
  rolloverCapMinutes: 0,
  overageNeedsApproval: false,
};

const termsFrom = (row: HoursTerms): HoursTerms => ({
  includedMinutes: row.includedMinutes,
  overageRateMinor: row.overageRateMinor,
  hoursRollover: row.hoursRollover,
  rolloverCapMinutes: row.rolloverCapMinutes,
  overageNeedsApproval: row.overageNeedsApproval,
});

/** The calendar month around `now` in the time zone, as a period. */
function calendarMonth(now: Date, timeZone: string): HoursPeriod {
  const [year, month] = dayOf(now, timeZone).split("-").map(Number) as [number, number];
  const firstDay = new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return {
    start: new Date(`${firstDay}T00:00:00Z`),
    end: new Date(Date.UTC(year, month, 1)),
    firstDay,
    lastDay,
    subscribed: false,
  };
}

/** A subscription period's days in the company's time zone: from its start's day to the day before its end's. */
export function periodDays(start: Date, end: Date, timeZone: string) {
  const firstDay = dayOf(start, timeZone);
  const endDay = dayOf(end, timeZone);
  const lastDay = new Date(Date.parse(`${endDay}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return { firstDay, lastDay };
}

/**
 * Included minutes over a period with plan changes in it: each plan's hours for the share of the
 * period's days it was in force, a day begun counting for the new plan (the price proration's rule).
 */
export function proratedIncluded(
  period: { start: Date; end: Date },
  changes: { at: Date; includedMinutesBefore: number }[],
  currentIncluded: number,
): number {
  if (changes.length === 0) return currentIncluded;
  const totalDays = Math.max(1, Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS));
  const daysLeftAt = (at: Date) =>
    Math.min(totalDays, Math.max(0, Math.ceil((period.end.getTime() - at.getTime()) / DAY_MS)));
  let minutes = 0;
  let daysBefore = totalDays;
  for (const change of changes) {
    const left = daysLeftAt(change.at);
    minutes += (change.includedMinutesBefore * (daysBefore - left)) / totalDays;
    daysBefore = left;
  }
  return Math.round(minutes + (currentIncluded * daysBefore) / totalDays);
}

/** The company's hours terms now: staff's override, else its subscription's plan, else none. */
export async function termsOf(db: Database, companyId: string) {
  const [row] = await db
    .select({
      currency: company.currency,
      timeZone: company.timeZone,
      sub: subscription,
      plan: pricingPlan,
      override: hoursOverride,
    })
    .from(company)
    .leftJoin(subscription, eq(subscription.companyId, company.id))
    .leftJoin(pricingPlan, eq(pricingPlan.id, subscription.planId))
    .leftJoin(hoursOverride, eq(hoursOverride.companyId, company.id))
    .where(eq(company.id, companyId));
  if (!row) return null;
  const live = row.sub && row.sub.status !== "canceled" ? row.sub : null;
  const source: CompanyHours["source"] = row.override ? "override" : live && row.plan ? "plan" : "none";
  const terms = row.override ? termsFrom(row.override) : live && row.plan ? termsFrom(row.plan) : NO_TERMS;
  return { currency: row.currency, timeZone: row.timeZone, sub: live, terms, source };
}

/** Everything the hours of a company's current period are measured against, at `now`. */
export async function companyHours(db: Database, companyId: string, now: Date): Promise<CompanyHours | null> {
  const found = await termsOf(db, companyId);
  if (!found) return null;
  const { sub, terms, timeZone } = found;
  const period: HoursPeriod = sub
    ? {
        start: sub.currentPeriodStart,
        end: sub.currentPeriodEnd,
        ...periodDays(sub.currentPeriodStart, sub.currentPeriodEnd, timeZone),
        subscribed: true,
      }
    : calendarMonth(now, timeZone);
  return {
    companyId,
    currency: found.currency,
    timeZone,
    terms,
    source: found.source,
    period,
    ...(await budgetOf(db, companyId, period, found)),
  };
}

/** The period's included minutes (prorated over plan changes unless staff override) and what rolled into it. */
export async function budgetOf(
  db: Database,
  companyId: string,
  period: { start: Date; end: Date; subscribed: boolean },
  found: { terms: HoursTerms; source: CompanyHours["source"] },
) {
  if (!period.subscribed) return { includedMinutes: found.terms.includedMinutes, rolledInMinutes: 0 };
  const changes =
    found.source === "override"
      ? []
      : await db
          .select({ at: hoursPlanChange.at, includedMinutesBefore: hoursPlanChange.includedMinutesBefore })
          .from(hoursPlanChange)
          .where(
            and(
              eq(hoursPlanChange.companyId, companyId),
              gt(hoursPlanChange.at, period.start),
              lt(hoursPlanChange.at, period.end),
            ),
          )
          .orderBy(asc(hoursPlanChange.at));
  const [previous] = await db
    .select({ rolloverOutMinutes: hoursSettlement.rolloverOutMinutes })
    .from(hoursSettlement)
    .where(and(eq(hoursSettlement.companyId, companyId), eq(hoursSettlement.periodEnd, period.start)));
  return {
    includedMinutes: proratedIncluded(period, changes, found.terms.includedMinutes),
    rolledInMinutes: previous?.rolloverOutMinutes ?? 0,
  };
}
