/**
 * Calendar days as "YYYY-MM-DD" in a company's IANA time zone (UTC when none is given): the
 * key of the daily rollup and of every per-day chart. Day arithmetic works on local calendar
 * dates, never on 24-hour steps, so a day across a DST change is still one day.
 */
export const DAY_MS = 86_400_000;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date and time of an instant in a time zone. */
export function localTime(date: Date, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function dayOf(date: Date, timeZone = "UTC"): string {
  if (timeZone === "UTC") return utcDay(date.getTime());
  const { year, month, day } = localTime(date, timeZone);
  return utcDay(Date.UTC(year, month - 1, day));
}

/** A day key moved by whole calendar days. */
export const addDays = (day: string, days: number) => utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

export const daysAgo = (now: Date, days: number, timeZone = "UTC") => addDays(dayOf(now, timeZone), -days);

/** The first day of this month (or of an earlier one) in the time zone. */
export function monthStart(now: Date, monthsBack = 0, timeZone = "UTC"): string {
  const [year, month] = dayOf(now, timeZone).split("-").map(Number) as [number, number];
  return utcDay(Date.UTC(year, month - 1 - monthsBack, 1));
}

/**
 * The days of last month that match this month so far: the 1st to today's day of the month,
 * cut at the end of a shorter month. On 23 Nov: 1–23 Oct; on 31 Mar: 1–28 (or 29) Feb.
 */
export function sameDaysLastMonth(now: Date, timeZone = "UTC"): { from: string; to: string } {
  const [year, month, day] = dayOf(now, timeZone).split("-").map(Number) as [number, number, number];
  const lastDayOfLastMonth = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  return {
    from: utcDay(Date.UTC(year, month - 2, 1)),
    to: utcDay(Date.UTC(year, month - 2, Math.min(day, lastDayOfLastMonth))),
  };
}

/** How far the time zone's clock is ahead of UTC at an instant, in ms (+5:30 for Kolkata). */
function offsetMs(instant: number, timeZone: string): number {
  const p = localTime(new Date(instant), timeZone);
  const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/**
 * The instant a local day begins in the time zone: its local midnight (or, where a DST change
 * skips midnight, the first moment that exists). The ends of day ranges in queries on runs.
 */
export function startOfDay(day: string, timeZone = "UTC"): Date {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  if (timeZone === "UTC") return new Date(midnightAsUtc);
  // The offset depends on the instant it is asked for, so settle it twice.
  const first = midnightAsUtc - offsetMs(midnightAsUtc, timeZone);
  const settled = midnightAsUtc - offsetMs(first, timeZone);
  return new Date(dayOf(new Date(settled), timeZone) === day ? settled : first);
}
