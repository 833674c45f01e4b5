import { expect, test } from "vitest";
import { addInterval, monthlyValue, prorationMinor, taxOf } from "./periods";

const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

test("a period is one calendar month or year, clamped to the month's last day", () => {
  expect(addInterval(at("2026-01-15"), "monthly").toISOString()).toBe("2026-02-15T00:00:00.000Z");
  expect(addInterval(at("2026-01-31"), "monthly").toISOString()).toBe("2026-02-28T00:00:00.000Z");
  expect(addInterval(at("2028-01-31"), "monthly").toISOString()).toBe("2028-02-29T00:00:00.000Z");
  expect(addInterval(at("2026-12-10"), "monthly").toISOString()).toBe("2027-01-10T00:00:00.000Z");
  expect(addInterval(at("2028-02-29"), "yearly").toISOString()).toBe("2029-02-28T00:00:00.000Z");
});

test("each period ends on the anchor day, not on the previous clamped end: 31 Jan → 28 Feb → 31 Mar → 30 Apr", () => {
  const ends: string[] = [];
  for (let start = at("2026-01-31"), i = 0; i < 4; i++) {
    start = addInterval(start, "monthly", 31);
    ends.push(start.toISOString().slice(0, 10));
  }
  expect(ends).toEqual(["2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
  expect(addInterval(at("2026-02-28"), "monthly", 30).toISOString()).toBe("2026-03-30T00:00:00.000Z");
  // A yearly one started on 29 February ends on 28 February, and on the 29th again in a leap year.
  expect(addInterval(at("2031-02-28"), "yearly", 29).toISOString()).toBe("2032-02-29T00:00:00.000Z");
  expect(addInterval(at("2029-02-28"), "yearly", 29).toISOString()).toBe("2030-02-28T00:00:00.000Z");
});

test("an upgrade costs the price difference for the days left in the period", () => {
  const period = { periodStart: at("2026-11-01"), periodEnd: at("2026-12-01") }; // 30 days
  // Starter €490 → Growth €1,290 with 15 of 30 days left: half of €800.
  expect(prorationMinor({ ...period, oldPriceMinor: 49000, newPriceMinor: 129000, at: at("2026-11-16") })).toBe(40000);
  // On the first day the whole difference; a day begun counts as a day left.
  expect(prorationMinor({ ...period, oldPriceMinor: 49000, newPriceMinor: 129000, at: at("2026-11-01") })).toBe(80000);
  expect(
    prorationMinor({ ...period, oldPriceMinor: 49000, newPriceMinor: 129000, at: new Date("2026-11-30T12:00:00Z") }),
  ).toBe(2667);
  // Rounded to the cent: 1000 × 7 / 30 = 233.33…
  expect(prorationMinor({ ...period, oldPriceMinor: 0, newPriceMinor: 1000, at: at("2026-11-24") })).toBe(233);
  // After the period nothing is left to charge.
  expect(prorationMinor({ ...period, oldPriceMinor: 49000, newPriceMinor: 129000, at: at("2026-12-05") })).toBe(0);
});

test("tax is rounded to the minor unit, and a yearly price counts as a twelfth a month", () => {
  expect(taxOf(49000, 2100)).toBe(10290);
  expect(taxOf(333, 2100)).toBe(70); // 69.93
  expect(taxOf(-333, 2100)).toBe(-70);
  expect(monthlyValue(490000, "yearly")).toBe(40833);
  expect(monthlyValue(49000, "monthly")).toBe(49000);
});
