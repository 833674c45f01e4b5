import { expectNoSeriousAxeViolations } from "./a11y-helpers";
import { baseURL, freshIp, seedCompany, signInStaffPage } from "./automation-fixtures";
import { expect, MAILBOX_HEADERS, SCREENSHOT_DIR, signInPage, test } from "./fixtures";
import type { Page } from "@playwright/test";

// Whole flows on a busy two-core machine: allow them more than the default.
test.describe.configure({ timeout: 90_000 });

/**
 * What a new client, a new visitor and a new staff member meet first (issue 16), in pictures to
 * look at: SCREENSHOT_DIR/first-<screen>-<width>-<theme>.png, at phone and desktop size, light
 * and dark, with axe on each.
 */
const WIDTHS = [390, 1280] as const;
const THEMES = ["light", "dark"] as const;

async function shoot(page: Page, name: string, width: number, theme: string, fullPage = false) {
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}first-${name}-${width}-${theme}.png`,
    fullPage,
    animations: "disabled",
  });
}

for (const width of WIDTHS) {
  for (const theme of THEMES) {
    test.describe(`${width}px ${theme}`, () => {
      test.use({ viewport: { width, height: width === 390 ? 844 : 800 }, colorScheme: theme });

      test("marketing: welcome after confirming, header, pricing comparison, contact sent", async ({ page }) => {
        await page.goto("/?email-confirmed=1");
        await expect(page.getByText("Your email is confirmed, welcome.")).toBeVisible();
        await expect(page.getByRole("banner").getByRole("link", { name: "Create account" })).toBeVisible();
        await shoot(page, "home-welcome", width, theme);

        await page.goto("/pricing");
        await page.getByRole("heading", { name: "Compare the plans" }).scrollIntoViewIfNeeded();
        await shoot(page, "pricing-compare", width, theme);
        await page.getByRole("region", { name: "Plan comparison" }).screenshot({
          path: `${SCREENSHOT_DIR}first-pricing-table-${width}-${theme}.png`,
        });

        await page.goto("/contact");
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
        const form = page.getByRole("form", { name: "Contact us" });
        await form.getByLabel("Name").fill("Dana Example");
        await form.getByLabel("Work email").fill(`shot-${width}-${theme}-${Date.now()}@example.com`);
        await form.getByLabel("What should we automate?").fill("Our weekly invoices, retyped by hand.");
        await form.getByRole("button", { name: "Send message" }).click();
        await expect(page.getByRole("heading", { name: "Thank you, your message is on its way" })).toBeVisible();
        await shoot(page, "contact-sent", width, theme);

        // The dev mailbox is the reader's at this machine: it answers loopback clients only.
        await page.context().setExtraHTTPHeaders(MAILBOX_HEADERS);
        await page.goto("/dev/mailbox");
        await page.screenshot({ path: `${SCREENSHOT_DIR}first-mailbox-${width}-${theme}.png` });
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(248, 250, 252)");
      });

      test("client and staff: dashboard, hourly value, time zone, automations, run history", async ({
        page,
        browser,
      }) => {
        const company = await seedCompany(`shot${width}${theme}`);
        await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
        await signInPage(page, company.email, company.password);
        await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
        await expect(page.getByText(/compared with the same days of last month/)).toBeVisible();
        await page.getByRole("button", { name: "Change the value of one hour" }).click();
        await expect(page.getByRole("textbox", { name: /Value of one hour/ })).toBeFocused();
        await shoot(page, "dashboard", width, theme, true);
        await page.getByRole("button", { name: "Cancel" }).click();

        // The owner moves the company to Berlin time; the chart's days follow it.
        await page.getByRole("button", { name: "Change the time zone" }).click();
        const zone = page.getByRole("combobox", { name: "Time zone" });
        await expect(zone).toBeFocused();
        await zone.selectOption("Europe/Berlin");
        await shoot(page, "dashboard-time-zone", width, theme);
        await page.getByRole("button", { name: "Save time zone" }).click();
        await expect(page.getByText("Days and months in Europe/Berlin time.")).toBeVisible();
        await expect(page.getByRole("button", { name: "Change the time zone" })).toBeFocused();

        await page.goto("/my-automations");
        await expect(page.getByRole("link", { name: "Invoice sync" })).toBeVisible();
        await shoot(page, "my-automations", width, theme);
        await page.getByRole("link", { name: "Invoice sync" }).click();
        await expect(page.getByText(/^30 runs · this page from /)).toBeVisible();
        await page.getByRole("list", { name: "Runs" }).scrollIntoViewIfNeeded();
        await shoot(page, "run-history", width, theme);

        const context = await browser.newContext({ baseURL, viewport: page.viewportSize()!, colorScheme: theme });
        const staff = await context.newPage();
        await signInStaffPage(staff);
        await staff.goto(page.url());
        await expect(staff.getByRole("link", { name: `Open ${company.companyName} in Clients` })).toBeVisible();
        await expect(staff.getByRole("button", { name: /Report a problem/ })).toHaveCount(0);
        await shoot(staff, "staff-automation", width, theme);
        await context.close();
      });
    });
  }
}
