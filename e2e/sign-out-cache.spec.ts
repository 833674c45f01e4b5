import { freshIp, seedCompany } from "./automation-fixtures";
import { expect, signInPage, test } from "./fixtures";
import type { Page } from "@playwright/test";

const A_NAMES: [string, string] = ["A-only invoice sync", "A-only lead routing"];
const B_NAMES: [string, string] = ["B-only payroll export", "B-only stock alerts"];

const openMyAutomations = async (page: Page) => {
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "My automations" }).first().click();
  await expect(page.getByRole("heading", { name: "My automations", level: 1 })).toBeVisible();
};

test("after sign-out, the next person in the same tab sees nothing of the first one's company", async ({ page }) => {
  test.setTimeout(90_000);
  const [a, b] = await Promise.all([seedCompany("cache-a", A_NAMES), seedCompany("cache-b", B_NAMES)]);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });

  await page.goto("/secure-login");
  await signInPage(page, a.email, a.password, { here: true });
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await openMyAutomations(page);
  for (const name of A_NAMES) await expect(page.getByRole("link", { name })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/secure-login/);
  await signInPage(page, b.email, b.password, { here: true });

  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNothingOf(page, a.companyName);
  await openMyAutomations(page);
  for (const name of B_NAMES) await expect(page.getByRole("link", { name })).toBeVisible();
  await expectNothingOf(page, a.companyName);
});

async function expectNothingOf(page: Page, companyName: string) {
  const main = page.locator("body");
  for (const text of [...A_NAMES, companyName]) await expect(main).not.toContainText(text);
}
