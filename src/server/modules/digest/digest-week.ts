import { DAY_MS, dayOf } from "../../../shared/days";

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

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/**
 * The one place that decides which week a digest written at `now` reports and whether it is due,
 * for an IANA time zone (DST included: only local calendar dates and the local hour are used).
 */
export function digestWeek(now: Date, timeZone: string): DigestWeek {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const weekday = WEEKDAYS.indexOf(parts.weekday!);
  // The local calendar date as a UTC midnight: plain date arithmetic, no offsets involved.
  const today = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  const monday = today - weekday * DAY_MS;
  const day = (offset: number) => dayOf(new Date(monday + offset * DAY_MS));
  return {
    start: day(-7),
    end: day(-1),
    previousStart: day(-14),
    previousEnd: day(-8),
    due: weekday === 0 && Number(parts.hour) >= DIGEST_HOUR,
  };
}
