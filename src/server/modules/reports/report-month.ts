import { addDays, dayOf, startOfDay } from "../../../shared/days";
import { notFound } from "../../lib/app-error";

/** Which days of a company a month's report covers, and the instants that bound them. */
export interface ReportMonth {
  month: string;
  /** The month's first and last calendar days. */
  first: string;
  last: string;
  /**
   * The days reported: from the 1st (runs imported from before the company's first day count, as
   * on the dashboard) to today or the last day.
   */
  from: string;
  to: string;
  complete: boolean;
  /** The company's first day when it began during the month. */
  partialSince: string | null;
  /** The month's bounds as instants in the company's zone: its first local midnight, the next month's. */
  startsAt: Date;
  endsAt: Date;
  /** The month before, whole (its runs are the comparison). */
  previous: { first: string; last: string };
}

const lastDayOf = (month: string) => {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};

/** The month before "YYYY-MM". */
export const monthBefore = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);

/**
 * The days of `month` a report on a company tells, in its time zone at `now`. A month that has not
 * begun, or that ended before the company began, has no report (404 with the reason).
 */
export function reportMonth(input: { month: string; timeZone: string; createdAt: Date; now: Date }): ReportMonth {
  const { month, timeZone } = input;
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const today = dayOf(input.now, timeZone);
  const firstDay = dayOf(input.createdAt, timeZone);
  if (first > today) throw notFound("That month has not begun yet: there is no report for it.");
  if (last < firstDay) throw notFound("There is no report for that month: the company was not a client yet.");
  const previousLast = addDays(first, -1);
  return {
    month,
    first,
    last,
    from: first,
    to: today < last ? today : last,
    complete: last < today,
    partialSince: firstDay > first ? firstDay : null,
    startsAt: startOfDay(first, timeZone),
    endsAt: startOfDay(addDays(last, 1), timeZone),
    previous: { first: `${previousLast.slice(0, 7)}-01`, last: previousLast },
  };
}

/** Every month a company has a report for at `now`, newest first: this month, back to its first. */
export function reportMonths(input: { timeZone: string; createdAt: Date; now: Date }): string[] {
  const firstMonth = dayOf(input.createdAt, input.timeZone).slice(0, 7);
  const months: string[] = [];
  for (let month = dayOf(input.now, input.timeZone).slice(0, 7); month >= firstMonth; month = monthBefore(month))
    months.push(month);
  return months;
}

/** The calendar weeks (Monday to Sunday) of the days from…to, each cut to them. */
export function weeksOf(from: string, to: string): { from: string; to: string }[] {
  const weeks: { from: string; to: string }[] = [];
  let start = from;
  while (start <= to) {
    const weekday = (new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7;
    const sunday = addDays(start, 6 - weekday);
    weeks.push({ from: start, to: sunday < to ? sunday : to });
    start = addDays(sunday, 1);
  }
  return weeks;
}

/** Every day from…to, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
