import { expect, test } from "vitest";
import { formatMoney, monthsFreeYearly } from "../../../shared/price-format";

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
