import { expectNoSeriousAxeViolations } from "./a11y-helpers";
import { expect, test } from "./fixtures";

const PAGES = ["/", "/features", "/pricing", "/about", "/contact", "/secure-login"];

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    for (const path of PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
        await expect(page.getByRole("heading", { level: 1 }).or(page.getByRole("heading").first())).toBeVisible();
        await expectNoSeriousAxeViolations(page);
      });
    }
  });
}
