import { describe, expect, test } from "vitest";
import { addDays, dayOf, daysAgo, monthStart, sameDaysLastMonth, startOfDay } from "./days";
import { canonicalTimeZone, timeZoneField } from "./time-zones";

const at = (iso: string) => new Date(iso);

describe("days in a time zone", () => {
  test("a moment is on the local calendar day of the zone", () => {
    // 23:30 UTC on the 23rd is already the 24th in Berlin and Kolkata, still the 23rd in Los Angeles.
    const moment = at("2026-11-23T23:30:00Z");
    expect(dayOf(moment)).toBe("2026-11-23");
    expect(dayOf(moment, "Europe/Berlin")).toBe("2026-11-24");
    expect(dayOf(moment, "Asia/Kolkata")).toBe("2026-11-24");
    expect(dayOf(moment, "America/Los_Angeles")).toBe("2026-11-23");
    // Kolkata is 5:30 ahead: 18:29 UTC is 23:59 there, 18:30 UTC midnight.
    expect(dayOf(at("2026-11-23T18:29:59Z"), "Asia/Kolkata")).toBe("2026-11-23");
    expect(dayOf(at("2026-11-23T18:30:00Z"), "Asia/Kolkata")).toBe("2026-11-24");
  });

  test("Berlin's days around both DST changes begin at local midnight and have 23 and 25 hours", () => {
    // Spring forward on Sunday 29 March 2026 (02:00 → 03:00), fall back on Sunday 25 October.
    expect(startOfDay("2026-03-29", "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDay("2026-03-30", "Europe/Berlin").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(startOfDay("2026-10-25", "Europe/Berlin").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(startOfDay("2026-10-26", "Europe/Berlin").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    // The last minute of the short day and the first of the long day's second 02:00 hour.
    expect(dayOf(at("2026-03-29T21:59:00Z"), "Europe/Berlin")).toBe("2026-03-29");
    expect(dayOf(at("2026-10-25T01:30:00Z"), "Europe/Berlin")).toBe("2026-10-25");
    expect(dayOf(at("2026-10-25T22:59:00Z"), "Europe/Berlin")).toBe("2026-10-25");
  });

  test("Los Angeles and Kolkata days begin at their own midnights", () => {
    expect(startOfDay("2026-03-08", "America/Los_Angeles").toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(startOfDay("2026-03-09", "America/Los_Angeles").toISOString()).toBe("2026-03-09T07:00:00.000Z");
    expect(startOfDay("2026-11-01", "America/Los_Angeles").toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(startOfDay("2026-11-02", "America/Los_Angeles").toISOString()).toBe("2026-11-02T08:00:00.000Z");
    expect(startOfDay("2026-11-23", "Asia/Kolkata").toISOString()).toBe("2026-11-22T18:30:00.000Z");
    expect(startOfDay("2026-11-23").toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });

  test("counting back whole days and months uses the local calendar, across a DST change", () => {
    // 00:30 on 30 March in Berlin is 22:30 UTC on the 29th; 24-hour steps would land a day off.
    const berlinMorning = at("2026-03-29T22:30:00Z");
    expect(daysAgo(berlinMorning, 1, "Europe/Berlin")).toBe("2026-03-29");
    expect(daysAgo(berlinMorning, 29, "Europe/Berlin")).toBe("2026-03-01");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    // At 17:00 on 31 Oct in Los Angeles it is already November in UTC.
    const laEvening = at("2026-11-01T00:00:00Z");
    expect(monthStart(laEvening, 0, "America/Los_Angeles")).toBe("2026-10-01");
    expect(monthStart(laEvening)).toBe("2026-11-01");
    expect(monthStart(laEvening, 1, "America/Los_Angeles")).toBe("2026-09-01");
    expect(sameDaysLastMonth(laEvening, "America/Los_Angeles")).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(sameDaysLastMonth(at("2026-03-31T12:00:00Z"), "Asia/Kolkata")).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
  });
});

describe("the time zone field", () => {
  test("takes IANA names in their usual spelling and refuses offsets and unknown names", () => {
    expect(timeZoneField.parse(" europe/berlin ")).toBe("Europe/Berlin");
    expect(timeZoneField.parse("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Asia/Kolkata")).toBeTruthy();
    for (const bad of ["+05:30", "Mars/Olympus_Mons", "", "Europe/Berlin; drop table"]) {
      const result = timeZoneField.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message, bad).toMatch(/time zone/i);
    }
  });
});
