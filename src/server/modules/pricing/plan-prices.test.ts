import { expect, test } from "vitest";
import { formatHours, formatMoney, monthsFreeYearly, planHoursLines } from "../../../shared/price-format";

test("formats whole and fractional minor units", () => {
  expect(formatMoney(49000, "EUR")).toBe("€490");
  expect(formatMoney(1290000, "EUR")).toBe("€12,900");
  expect(formatMoney(1999, "EUR")).toBe("€19.99");
});

test("counts the whole months a yearly price saves", () => {
  expect(monthsFreeYearly({ monthlyPriceMinor: 49000, yearlyPriceMinor: 490000 })).toBe(2);
  expect(monthsFreeYearly({ monthlyPriceMinor: 1000, yearlyPriceMinor: 12000 })).toBe(0);
  expect(monthsFreeYearly({ monthlyPriceMinor: 0, yearlyPriceMinor: 0 })).toBe(0);
});

test("words a plan's retainer hours for the pricing page, and none for a plan without hours", () => {
  const plan = { currency: "EUR", includedMinutes: 600, overageRateMinor: 9500, rolloverCapMinutes: 300 };
  expect(planHoursLines({ ...plan, overageNeedsApproval: false })).toEqual([
    "10 hours of changes, fixes and support a month",
    "Unused hours roll over, up to 5 hours",
    "Extra hours at €95 an hour",
  ]);
  expect(planHoursLines({ ...plan, includedMinutes: 90, rolloverCapMinutes: 0, overageNeedsApproval: true })).toEqual([
    "1h 30m of changes, fixes and support a month",
    "Extra hours at €95 an hour, only once you approve them",
  ]);
  expect(formatHours(60)).toBe("1 hour");
  expect(
    planHoursLines({
      ...plan,
      includedMinutes: 0,
      overageRateMinor: 0,
      rolloverCapMinutes: 0,
      overageNeedsApproval: false,
    }),
  ).toEqual([]);
});
