import { PASSWORD, expect, pathOf, readLink, test, SCREENSHOT_DIR } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

// Whole flows on a 2-core machine shared with other work: allow them more than the default.
test.describe.configure({ timeout: 60_000 });

/**
 * Pictures of the auth screens to look at (not compared pixel by pixel), in
 * SCREENSHOT_DIR (see fixtures.ts): each screen at phone and desktop size, light and dark.
 */

const VIEWPORTS = [
  { label: "mobile", width: 390, height: 844 },
  { label: "desktop", width: 1280, height: 800 },
] as const;

for (const viewport of VIEWPORTS) {
  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`screenshots ${viewport.label} ${colorScheme}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test(`auth screens at ${viewport.width}x${viewport.height}, ${colorScheme}`, async ({ page, uniqueEmail }) => {
        await page.emulateMedia({ colorScheme });
        const shoot = async (name: string, heading: Locator) => {
          await expect(heading).toBeVisible();
          await expectTheme(page, colorScheme);
          await page.screenshot({
            path: `${SCREENSHOT_DIR}${name}-${viewport.width}x${viewport.height}-${colorScheme}.png`,
            fullPage: true,
            animations: "disabled",
          });
        };

        await page.goto("/secure-login");
        await shoot("secure-login-sign-in", page.getByRole("heading", { name: "Welcome back" }));

        await page.getByRole("tab", { name: "Create account" }).click();
        await shoot("secure-login-create-account", page.getByRole("heading", { name: "Create your account" }));

        const email = uniqueEmail(`shot-${viewport.label}-${colorScheme}`);
        await page.getByLabel("Your name").fill("Robin Example");
        await page.getByLabel("Company").fill("Example Logistics Ltd");
        await page.getByLabel("Work email").fill(email);
        await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await page.getByRole("button", { name: "Create account", exact: true }).click();
        await shoot("check-your-inbox", page.getByRole("heading", { name: "Check your inbox" }));

        await page.goto("/link-expired?link=confirm&reason=expired");
        await shoot("link-expired", page.getByRole("heading", { name: /This link has expired/ }));

        await page.goto("/secure-dashboard");
        await shoot("guard-card", page.getByRole("heading", { name: "Authentication Required" }));

        await page.goto(pathOf(await readLink(page.request, email, "confirm-email")));
        await expect(page).toHaveURL((url) => url.pathname === "/");
        await page.goto("/secure-dashboard");
        await expect(page.getByText(`Signed in as ${email}`, { exact: false })).toBeVisible();
        await shoot("secure-dashboard", page.getByRole("heading", { level: 1, name: "Dashboard" }));
      });
    });
  }
}

/** The app follows the system theme: the root element carries "dark" exactly in dark mode. */
async function expectTheme(page: Page, colorScheme: "light" | "dark") {
  if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
}
