import { expect, test, SCREENSHOT_DIR } from "./fixtures";
import type { Page } from "@playwright/test";

const VIEWPORTS = [
  { label: "desktop", width: 1280, height: 800 },
  { label: "phone", width: 390, height: 844 },
] as const;

/** What went wrong in the page: CSP refusals, script errors, console errors, failed or cross-origin requests. */
async function watchProblems(page: Page, origin: string) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} refused ${event.blockedURI || "inline code"}`);
    });
  });
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:")) problems.push(`request to another origin: ${url}`);
  });
  page.on(
    "response",
    (response) => response.status() >= 400 && problems.push(`${response.status()} for ${response.url()}`),
  );
  return problems;
}

for (const viewport of VIEWPORTS) {
  test.describe(`API reference at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("renders the run reporting API from our origin with no CSP violation", async ({ page, baseURL }) => {
      const problems = await watchProblems(page, baseURL!);
      await page.goto("/api/docs");
      await expect(page).toHaveTitle("Cogwork API");

      // The UI's own rendering of the document: the guide from info.description, then the operations.
      await expect(page.getByRole("heading", { name: "Cogwork API" })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "Report a run from n8n" })).toBeAttached();
      await expect(page.getByText("Each key may make", { exact: false }).first()).toBeAttached();
      const reportOneRun = page.getByRole("heading", { name: "Report one run" });
      await reportOneRun.scrollIntoViewIfNeeded();
      await expect(reportOneRun).toBeVisible();
      await expect(page.getByText("/api/v1/runs", { exact: true }).first()).toBeAttached();
      await expect(page.getByRole("heading", { name: /Report up to \d+ runs at once/ })).toBeAttached();

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `${SCREENSHOT_DIR}api-docs-${viewport.label}-${viewport.width}.png`,
        animations: "disabled",
      });
      await reportOneRun.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${SCREENSHOT_DIR}api-docs-operation-${viewport.label}-${viewport.width}.png`,
        animations: "disabled",
      });
      expect(problems).toEqual([]);
    });
  });
}
