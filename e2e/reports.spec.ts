import { formatHours } from "../src/shared/reports-labels";
import { checkAndShootEverySize } from "./a11y-helpers";
import { companyIdOf, freshIp, seedCompany, signInStaffPage, type SeededCompany } from "./automation-fixtures";
import { expect, SCREENSHOT_DIR, signInPage, test } from "./fixtures";
import type { TGetDashboardResponse } from "../src/shared/dashboard";
import type { TGetReportResponse, TListReportsResponse } from "../src/shared/reports";
import type { Page } from "@playwright/test";

let seeded: SeededCompany;

// One serial worker: the seeded company is made once, and the four screen sizes with axe take a while on a busy machine.
test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  seeded = await seedCompany("reports");
});

async function signIn(page: Page) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(page, seeded.email, seeded.password);
}

test("a client opens this month's report from Reports, with the dashboard's hours, and downloads its PDF", async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Reports" }).first().click();
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  const list = (await (await page.request.get("/api/reports")).json()) as TListReportsResponse;
  const month = list.months[0]!.month;
  const reports = page.getByRole("list", { name: "Monthly reports" });
  await expect(reports.getByRole("link")).toHaveCount(list.months.length);
  await expect(reports.getByRole("link").first()).toContainText("Month so far");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "reports-list");

  await reports.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/reports/${month}$`));
  await expect(page.getByRole("heading", { name: /^Monthly report: /, level: 1 })).toBeVisible();
  const dashboard = (await (await page.request.get("/api/dashboard")).json()) as TGetDashboardResponse;
  const { report } = (await (await page.request.get(`/api/reports/${month}`)).json()) as TGetReportResponse;
  expect(report.minutesSaved).toBe(dashboard.minutesSavedThisMonth);
  expect(report.runs.total).toBe(dashboard.runsThisMonth);
  await expect(page.getByText(formatHours(report.minutesSaved), { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("img", { name: /^Runs per day:/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Hours saved per week:/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Each automation's month" })).toContainText("Invoice sync");

  const pdfLink = page.getByRole("link", { name: "Download PDF" });
  await expect(pdfLink).toHaveAttribute("href", `/api/reports/${month}/pdf`);
  const pdf = await page.request.get(`/api/reports/${month}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "report-month");
});

test("staff write the month's note in the client's Reports tab, and the client reads it", async ({ page, browser }) => {
  const companyId = await companyIdOf(seeded.companyName);
  await signInStaffPage(page, { next: `/clients/${companyId}?tab=reports` });
  await expect(page.getByRole("tab", { name: "Reports", selected: true })).toBeVisible();
  const note = page.getByRole("form", { name: "Note for the month" }).getByLabel("Note");
  await note.fill("We added retries to the invoice sync and moved it to the new accounting API.");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("The note was saved.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "What we did this month" }).nth(1)).toBeVisible();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "client-reports-tab");

  const client = await browser.newPage();
  await signIn(client);
  const month = await page.getByLabel("Month", { exact: true }).inputValue();
  await client.goto(`/reports/${month}`);
  await expect(
    client.getByText("We added retries to the invoice sync and moved it to the new accounting API."),
  ).toBeVisible();
  await client.close();
});
