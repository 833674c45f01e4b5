import { describe, expect, test } from "vitest";
import { DAY_MS } from "./days";
import {
  EARLIEST_DAY,
  isPlausibleInstant,
  latestPlausibleDay,
  plausibleDateTime,
  plausibleDay,
} from "./plausible-dates";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe("the plausible date window", () => {
  test("a day: 2000-01-01 up to tomorrow by default, real dates only", () => {
    const day = plausibleDay();
    expect(day.safeParse(EARLIEST_DAY).success).toBe(true);
    expect(day.safeParse(latestPlausibleDay()).success).toBe(true);
    expect(messageOf(day.safeParse("9999-12-31"))).toBe(`Dates must be between 2000-01-01 and ${latestPlausibleDay()}`);
    expect(messageOf(day.safeParse("1999-12-31"))).toMatch(/^Dates must be between 2000-01-01/);
    expect(messageOf(day.safeParse("0000-01-01"))).toMatch(/^Dates must be between 2000-01-01/);
    expect(messageOf(day.safeParse("2026-02-30"))).toBe("Not a real date: dates look like 2026-01-31");
  });

  test("a filter may reach further ahead, never to 9999", () => {
    const day = plausibleDay(366);
    expect(day.safeParse(latestPlausibleDay(366)).success).toBe(true);
    expect(day.safeParse("9999-12-31").success).toBe(false);
  });

  test("a date-time: the message names the field", () => {
    const startedAt = plausibleDateTime("startedAt");
    expect(startedAt.safeParse(new Date().toISOString()).success).toBe(true);
    expect(messageOf(startedAt.safeParse("0000-01-01T00:00:00Z"))).toBe(
      "startedAt must be between 2000-01-01 and a day from now",
    );
    expect(startedAt.safeParse("9999-12-31T23:59:59Z").success).toBe(false);
    expect(startedAt.safeParse(new Date(Date.now() + 2 * DAY_MS).toISOString()).success).toBe(false);
  });

  test("an instant", () => {
    const now = Date.parse("2026-06-01T00:00:00Z");
    expect(isPlausibleInstant(Date.parse("2000-01-01T00:00:00Z"), 1, now)).toBe(true);
    expect(isPlausibleInstant(now + DAY_MS, 1, now)).toBe(true);
    expect(isPlausibleInstant(now + DAY_MS + 1, 1, now)).toBe(false);
    expect(isPlausibleInstant(Number.NaN, 1, now)).toBe(false);
  });
});
