import { and, asc, eq, gte, isNull, lte } from "drizzle-orm";
import { addDays } from "../../../shared/days";
import { timeEntry } from "../../db/schema/hours";
import type { CompanyHours } from "./hours-terms";
import type { Database } from "../../db/client";

/** One entry as the tally needs it. */
export interface TalliedEntry {
  day: string;
  minutes: number;
  billable: boolean;
  extraMinutes: number;
  approval: "awaiting" | "approved" | "declined" | null;
}

export interface HoursTally {
  budgetMinutes: number;
  /** Billable minutes, declined extra time left out. */
  usedMinutes: number;
  leftMinutes: number;
  awaitingMinutes: number;
  approvedMinutes: number;
  declinedMinutes: number;
  /** The minutes that would be billed if the period ended now. */
  overageMinutes: number;
  /** What would carry into the next period if it ended now. */
  rolloverOutMinutes: number;
}

/**
 * A period's figures from its entries (ADR 0033): used is every billable minute but declined extra
 * time; beyond the budget, a plan without approval bills it all, a plan with approval bills only
 * what the owner approved (never more than the time actually beyond the budget).
 */
export function tally(
  hours: Pick<CompanyHours, "includedMinutes" | "rolledInMinutes" | "terms">,
  entries: TalliedEntry[],
): HoursTally {
  const billable = entries.filter((entry) => entry.billable);
  const sumExtra = (state: TalliedEntry["approval"]) =>
    billable.filter((entry) => entry.approval === state).reduce((sum, entry) => sum + entry.extraMinutes, 0);
  const budgetMinutes = hours.includedMinutes + hours.rolledInMinutes;
  const declinedMinutes = sumExtra("declined");
  const awaitingMinutes = sumExtra("awaiting");
  const approvedMinutes = sumExtra("approved");
  const usedMinutes = billable.reduce((sum, entry) => sum + entry.minutes, 0) - declinedMinutes;
  const beyond = Math.max(0, usedMinutes - budgetMinutes);
  const overageMinutes = hours.terms.overageNeedsApproval
    ? Math.min(approvedMinutes, Math.max(0, usedMinutes - awaitingMinutes - budgetMinutes))
    : beyond;
  const unused = Math.max(0, budgetMinutes - usedMinutes);
  return {
    budgetMinutes,
    usedMinutes,
    leftMinutes: unused,
    awaitingMinutes,
    approvedMinutes,
    declinedMinutes,
    overageMinutes,
    rolloverOutMinutes: hours.terms.hoursRollover
      ? Math.min(
          hours.terms.rolloverCapMinutes,
          Math.max(0, hours.includedMinutes + hours.rolledInMinutes - usedMinutes),
        )
      : 0,
  };
}

/** The minutes left of the budget at the end of each day of the period up to `today`. */
export function burnDown(
  budgetMinutes: number,
  firstDay: string,
  lastDay: string,
  today: string,
  entries: TalliedEntry[],
) {
  const perDay = new Map<string, number>();
  for (const entry of entries)
    if (entry.billable)
      perDay.set(
        entry.day,
        (perDay.get(entry.day) ?? 0) + entry.minutes - (entry.approval === "declined" ? entry.extraMinutes : 0),
      );
  const days: { day: string; leftMinutes: number }[] = [];
  let left = budgetMinutes;
  const until = today < lastDay ? today : lastDay;
  for (let day = firstDay; day <= until; day = addDays(day, 1)) {
    left -= perDay.get(day) ?? 0;
    days.push({ day, leftMinutes: left });
  }
  return days;
}

/** The entries of a period still open (not settled), in the order they were worked. */
export async function periodEntries(db: Database, companyId: string, firstDay: string, lastDay: string) {
  return db
    .select()
    .from(timeEntry)
    .where(
      and(
        eq(timeEntry.companyId, companyId),
        gte(timeEntry.day, firstDay),
        lte(timeEntry.day, lastDay),
        isNull(timeEntry.settlementId),
      ),
    )
    .orderBy(asc(timeEntry.day), asc(timeEntry.createdAt));
}
