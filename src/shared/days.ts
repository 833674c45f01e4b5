/** Calendar days in UTC as "YYYY-MM-DD", the key of the daily rollup and of every per-day chart. */
export const DAY_MS = 86_400_000;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const daysAgo = (now: Date, days: number) => dayOf(new Date(now.getTime() - days * DAY_MS));
export const monthStart = (now: Date, monthsBack = 0) =>
  dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)));

/**
 * The days of last month that match this month so far (UTC): the 1st to today's day of the
 * month, cut at the end of a shorter month. On 23 Nov: 1–23 Oct; on 31 Mar: 1–28 (or 29) Feb.
 */
export function sameDaysLastMonth(now: Date): { from: string; to: string } {
  const from = monthStart(now, 1);
  const endOfLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const day = Math.min(now.getUTCDate(), endOfLastMonth.getUTCDate());
  return { from, to: dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, day))) };
}
