import { z } from "zod";
import { DAY_MS, DAY_PATTERN } from "./days";

/**
 * The window every date we accept must lie in (run filters, exports, the security log, payments,
 * run times). Beyond it a date is a typo or a probe: "9999-12-31" overflows day arithmetic into a
 * year the database refuses, and a run dated then would count as the latest forever.
 */
export const EARLIEST_DAY = "2000-01-01";
const EARLIEST_MS = Date.parse(`${EARLIEST_DAY}T00:00:00Z`);
/** Clocks drift and some time zones run a day ahead of UTC: tomorrow is still plausible. */
export const DEFAULT_DAYS_AHEAD = 1;

/** Filters and exports may name a day up to a year ahead ("to the end of the year"); nothing is stored there. */
export const FILTER_DAYS_AHEAD = 366;

/** The last day (UTC, "YYYY-MM-DD") the window holds, `daysAhead` days from now. */
export const latestPlausibleDay = (daysAhead = DEFAULT_DAYS_AHEAD, now = Date.now()) =>
  new Date(now + daysAhead * DAY_MS).toISOString().slice(0, 10);

/** Whether an instant lies between 2000-01-01 and `daysAhead` days from now. */
export const isPlausibleInstant = (ms: number, daysAhead = DEFAULT_DAYS_AHEAD, now = Date.now()) =>
  Number.isFinite(ms) && ms >= EARLIEST_MS && ms <= now + daysAhead * DAY_MS;

const isRealDay = (value: string) => {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * A real calendar day ("YYYY-MM-DD") in the plausible window: 2026-02-30 or 2026-13-01 is refused,
 * not rolled over; 9999-12-31 or 1900-01-01 is refused, not passed on to the database.
 */
export const plausibleDay = (daysAhead = DEFAULT_DAYS_AHEAD) =>
  z
    .string()
    .regex(DAY_PATTERN, "Dates look like 2026-01-31")
    .refine(isRealDay, "Not a real date: dates look like 2026-01-31")
    .superRefine((value, ctx) => {
      const latest = latestPlausibleDay(daysAhead);
      if (value < EARLIEST_DAY || value > latest) {
        ctx.addIssue({ code: "custom", message: `Dates must be between ${EARLIEST_DAY} and ${latest}` });
      }
    });

/** An ISO 8601 date-time with an offset, in the plausible window; messages name the field. */
export const plausibleDateTime = (label: string, daysAhead = DEFAULT_DAYS_AHEAD) =>
  z.iso
    .datetime({
      offset: true,
      error: (issue) =>
        issue.input === undefined
          ? `${label} is required`
          : `${label} must be an ISO 8601 date-time such as 2026-01-31T09:30:00Z`,
    })
    .superRefine((value, ctx) => {
      if (!isPlausibleInstant(Date.parse(value), daysAhead)) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be between ${EARLIEST_DAY} and ${daysAhead === 1 ? "a day" : `${daysAhead} days`} from now`,
        });
      }
    });
