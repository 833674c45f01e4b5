import { addDays, dayOf, localTime } from "../../../shared/days";

/** The report goes out from this hour, local time, on the month's first working day. */
export const REPORT_HOUR = 8;
/** A pass that missed the first working day (every instance down) still sends up to this day of the month. */
export const LAST_CATCH_UP_DAY = 7;

/** The first Monday-to-Friday of the month that `day` ("YYYY-MM-DD") is in. */
export function firstWorkingDay(day: string): string {
  const first = `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? addDays(first, 2) : weekday === 0 ? addDays(first, 1) : first;
}

/**
 * Which month's report is due at `now` in a time zone: last month's, from 08:00 local on this
 * month's first working day until the end of its 7th day; null otherwise.
 */
export function reportDue(now: Date, timeZone: string): string | null {
  const today = dayOf(now, timeZone);
  const start = firstWorkingDay(today);
  if (today < start || Number(today.slice(8)) > LAST_CATCH_UP_DAY) return null;
  if (today === start && localTime(now, timeZone).hour < REPORT_HOUR) return null;
  return addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}
