import { hours, money, percent } from "../src/web/lib/format";
import { expectNoSeriousAxeViolations } from "./a11y-helpers";
import { freshIp, seedCompany, type SeededCompany } from "./automation-fixtures";
import { expect, signInPage, test } from "./fixtures";
import type { TGetDashboardResponse } from "../src/shared/dashboard";
import type { Page } from "@playwright/test";

let seeded: SeededCompany;

test.beforeAll(async () => {
  seeded = await seedCompany("auto");
});

async function signIn(page: Page) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(page, seeded.email, seeded.password);
}

test("a client sees their automations, filters runs and reports a problem", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "My automations" }).first().click();
  await expect(page.getByRole("heading", { name: "My automations", level: 1 })).toBeVisible();
  for (const automation of seeded.automations)
    await expect(page.getByRole("link", { name: automation.name })).toBeVisible();

  await page.getByLabel("Search automations").fill("lead");
  await expect(page.getByRole("link", { name: "Invoice sync" })).toHaveCount(0);
  await page.getByLabel("Search automations").fill("");

  await page.getByRole("link", { name: "Invoice sync" }).click();
  await expect(page.getByRole("heading", { name: "Invoice sync", level: 1 })).toBeVisible();
  await expect(page.getByText(/6 minutes per run × \d+ successful runs/)).toBeVisible();

  await page.getByLabel("Result").selectOption("failed");
  await expect(page).toHaveURL(/status=failed/);
  const runs = page.getByRole("list", { name: "Runs" }).getByRole("listitem");
  await expect(runs).toHaveCount(4);
  await expect(runs.first()).toContainText("Stopped before finishing: The accounting system refused the login.");

  await runs
    .first()
    .getByRole("button", { name: /Report a problem/ })
    .click();
  await page.getByLabel("What went wrong?").fill("The invoice of ACME is missing in the ledger.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("We opened a support ticket")).toBeVisible();

  await expectNoSeriousAxeViolations(page, { tags: "axe-defaults" });
});

test("the dashboard shows the same figures as the API", async ({ page }) => {
  await signIn(page);
  const api = (await (await page.request.get("/api/dashboard")).json()) as TGetDashboardResponse;
  expect(api.runsThisMonth).toBeGreaterThan(0);
  await expect(page.getByTestId("hours-saved")).toHaveText(hours(api.minutesSavedThisMonth));
  await expect(page.getByTestId("money-saved")).toHaveText(money(api.moneySavedThisMonthMinor, api.currency));
  await expect(page.getByTestId("runs-month")).toHaveText(api.runsThisMonth.toLocaleString("en"));
  await expect(page.getByTestId("success-rate")).toHaveText(percent(api.successRateThisMonth));
  await expect(page.getByRole("img", { name: /Runs per day over the last 30 days/ })).toBeVisible();

  await expectNoSeriousAxeViolations(page, { tags: "axe-defaults" });
});

test("another company's automation is not found", async ({ page }) => {
  await signIn(page);
  const other = await seedCompany("other");
  await page.goto(`/my-automations/${other.automations[0]!.id}`);
  await expect(page.getByText("There is no such automation in your company.")).toBeVisible();
});
