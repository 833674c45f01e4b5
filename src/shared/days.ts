/** Calendar days in UTC as "YYYY-MM-DD", the key of the daily rollup and of every per-day chart. */
export const DAY_MS = 86_400_000;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const daysAgo = (now: Date, days: number) => dayOf(new Date(now.getTime() - days * DAY_MS));
export const monthStart = (now: Date, monthsBack = 0) =>
  dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)));
