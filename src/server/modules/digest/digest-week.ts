import { addDays, dayOf, localTime } from "../../../shared/days";

/** The digest goes out on Monday from this hour, in the company's time zone. */
export const DIGEST_HOUR = 7;

export interface DigestWeek {
  /** The Monday and Sunday of the week the digest reports ("YYYY-MM-DD", local days). */
  start: string;
  end: string;
  /** The week before it, for the comparison. */
  previousStart: string;
  previousEnd: string;
  /** True on Monday from DIGEST_HOUR to midnight, local time: the only time the digest is written. */
  due: boolean;
}

/**
 * The one place that decides which week a digest written at `now` reports and whether it is due,
 * for an IANA time zone (DST included: only local calendar dates and the local hour are used).
 */
export function digestWeek(now: Date, timeZone: string): DigestWeek {
  const today = dayOf(now, timeZone);
  // Monday is 0: getUTCDay of the local date's UTC midnight is the local weekday.
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  return {
    start: addDays(monday, -7),
    end: addDays(monday, -1),
    previousStart: addDays(monday, -14),
    previousEnd: addDays(monday, -8),
    due: weekday === 0 && localTime(now, timeZone).hour >= DIGEST_HOUR,
  };
}
