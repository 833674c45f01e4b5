import { expect, test } from "vitest";
import { digestWeek } from "./digest-week";

test("on Monday from 07:00 UTC, the digest of the week before is due, compared with the one before that", () => {
  expect(digestWeek(new Date("2026-11-23T07:00:00Z"), "UTC")).toEqual({
    start: "2026-11-16",
    end: "2026-11-22",
    previousStart: "2026-11-09",
    previousEnd: "2026-11-15",
    due: true,
  });
  expect(digestWeek(new Date("2026-11-23T06:59:59Z"), "UTC").due).toBe(false);
  expect(digestWeek(new Date("2026-11-23T23:59:59Z"), "UTC").due).toBe(true);
  // Tuesday: the same week is reported, but no longer due (no mid-week digest after an outage).
  const tuesday = digestWeek(new Date("2026-11-24T08:00:00Z"), "UTC");
  expect(tuesday).toMatchObject({ start: "2026-11-16", due: false });
  // Sunday belongs to the week that started six days before.
  expect(digestWeek(new Date("2026-11-29T23:00:00Z"), "UTC").start).toBe("2026-11-16");
});

test("the week follows the time zone passed in, across a year's end and a DST change", () => {
  // Monday 01:30 UTC is 07:00 in Kolkata (+5:30): due there, not yet in UTC.
  const early = new Date("2026-11-23T01:30:00Z");
  expect(digestWeek(early, "UTC").due).toBe(false);
  expect(digestWeek(early, "Asia/Kolkata")).toMatchObject({ start: "2026-11-16", due: true });
  // Monday 07:00 in Los Angeles is 15:00 UTC; at 14:59 UTC it is not due yet there.
  expect(digestWeek(new Date("2026-11-23T14:59:00Z"), "America/Los_Angeles").due).toBe(false);
  expect(digestWeek(new Date("2026-11-23T15:00:00Z"), "America/Los_Angeles").due).toBe(true);
  // The Monday after the spring change in Berlin (29 March 2026): 07:00 local is 05:00 UTC.
  expect(digestWeek(new Date("2026-03-30T05:00:00Z"), "Europe/Berlin")).toMatchObject({
    start: "2026-03-23",
    end: "2026-03-29",
    due: true,
  });
  expect(digestWeek(new Date("2026-01-05T07:00:00Z"), "UTC")).toMatchObject({
    start: "2025-12-29",
    end: "2026-01-04",
    previousStart: "2025-12-22",
  });
});
