import { readFile } from "node:fs/promises";
import { expectNoSeriousAxeViolations } from "./a11y-helpers";
import {
  apiContext,
  companyIdOf,
  freshIp,
  registerAutomationWithRuns,
  signInStaff,
  signUpClient,
} from "./automation-fixtures";
import { expect, SCREENSHOT_DIR, signInPage, test } from "./fixtures";
import type { Page } from "@playwright/test";

// A client account, an automation and its reports, on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

async function postRun(key: string, run: Record<string, unknown>, expected: number) {
  const api = await apiContext();
  const answer = await api.post("/api/v1/runs", { data: run, headers: { authorization: `Bearer ${key}` } });
  expect(answer.status(), await answer.text()).toBe(expected);
  await api.dispose();
}

async function shoot(page: Page, name: string) {
  for (const [width, theme] of [
    [390, "light"],
    [390, "dark"],
    [1280, "light"],
    [1280, "dark"],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByRole("heading", { name: "Run history" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}runs-${name}-${width}-${theme}.png`, animations: "disabled" });
  }
}

test("a run reported as running shows in progress, then as succeeded after its final report", async ({ page }) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1000)}`;
  const email = `erin-runs-${stamp}@client.test`;
  const password = "client-password-1";
  const companyName = `Long runs ${stamp}`;
  (await signUpClient(email, password, companyName)).dispose();
  const staff = await signInStaff();
  const startedAt = new Date(Date.now() - 10 * 60_000).toISOString();
  const earlier = new Date(Date.now() - 70 * 60_000).toISOString();
  const automation = await registerAutomationWithRuns(
    staff,
    await companyIdOf(companyName, staff),
    {
      name: "Nightly ledger import",
      purpose: "Imports the day's bank lines into the ledger.",
      platform: "n8n",
      triggerDescription: "Every night",
      expectedEveryMinutes: 1440,
      minutesSavedPerRun: 20,
      status: "live",
    },
    [
      {
        externalRunId: `first-${stamp}`,
        status: "success",
        startedAt: earlier,
        finishedAt: earlier,
        itemsProcessed: 3,
      },
    ],
  );
  await staff.dispose();
  const runId = `long-${stamp}`;
  await postRun(automation.key, { externalRunId: runId, status: "running", startedAt }, 201);

  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(page, email, password, { next: `/my-automations/${automation.id}` });
  await expect(page.getByRole("heading", { level: 1, name: "Nightly ledger import" })).toBeVisible();
  const newest = page.getByRole("list", { name: "Runs" }).getByRole("listitem").first();
  await expect(newest).toContainText("Running");
  await expect(newest).toContainText("Still running when it was last reported.");
  await expect(newest).toContainText(`Run ${runId}`);
  await expect(page.getByText(/^2 runs · this page from /)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "in-progress");

  // The platform reports the end of the same run; a second, different end is refused.
  const finishedAt = new Date().toISOString();
  await postRun(
    automation.key,
    { externalRunId: runId, status: "success", startedAt, finishedAt, itemsProcessed: 42 },
    200,
  );
  await postRun(automation.key, { externalRunId: runId, status: "failed", startedAt, finishedAt }, 409);
  await page.reload();
  await expect(newest).toContainText("Succeeded");
  await expect(newest).toContainText("Finished and handled 42 items.");
  await expect(newest).not.toContainText("Still running");
  await expect(page.getByText(/^2 runs · this page from /)).toBeVisible();

  // The same runs as a CSV download of the chosen days.
  const today = finishedAt.slice(0, 10);
  await page.getByLabel("First day (UTC)").fill(earlier.slice(0, 10));
  await page.getByLabel("Last day (UTC)").fill(today);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download runs as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`nightly-ledger-import-runs-${earlier.slice(0, 10)}-to-${today}.csv`);
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(3);
  expect(lines[2]).toMatch(new RegExp(`^${runId},Succeeded,`));
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "finished");
});
