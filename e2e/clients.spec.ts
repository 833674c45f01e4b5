import fs from "node:fs";
import { checkAndShootEverySize, expectNoSeriousAxeViolations } from "./a11y-helpers";
import { csrfHeaders, seedCompany, signInStaff, signInStaffPage } from "./automation-fixtures";
import { expect, SCREENSHOT_DIR, test } from "./fixtures";
import type { TListClientsResponse } from "../src/shared/clients";
import type { Page } from "@playwright/test";

// Whole flows on a 2-core machine shared with other work: allow them more than the default.
test.describe.configure({ timeout: 120_000 });

async function createCompanies(companies: { name: string; inviteEmail?: string }[]) {
  const staff = await signInStaff();
  for (const company of companies) {
    const created = await staff.post("/api/staff/companies", {
      headers: await csrfHeaders(staff),
      data: company,
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await staff.dispose();
}

const firstRow = (page: Page) => page.getByRole("region", { name: "Client companies" }).locator("tbody tr").first();

test("staff search, sort and page through clients, go back, export the view and create a client", async ({ page }) => {
  const tag = `tbl${Date.now().toString(36)}`;
  await createCompanies([
    { name: `Aardvark ${tag}`, inviteEmail: `ann-${tag}@aardvark.test` },
    { name: `Zebra ${tag}` },
    ...Array.from({ length: 24 }, (_, i) => ({ name: `Middle ${tag} ${String(i).padStart(2, "0")}` })),
  ]);
  await signInStaffPage(page);
  await page.goto("/clients");
  await expect(page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();

  await page.getByLabel("Search clients").fill(tag);
  await expect(page.getByText("26 clients match")).toBeVisible();
  await expect(firstRow(page)).toContainText(`Aardvark ${tag}`);
  await expect(firstRow(page)).toContainText(`ann-${tag}@aardvark.test`);

  await page.getByRole("button", { name: "Sort by Name" }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(page.getByRole("columnheader", { name: "Sort by Name" })).toHaveAttribute("aria-sort", "descending");
  await expect(firstRow(page)).toContainText(`Zebra ${tag}`);

  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(firstRow(page)).toContainText(`Aardvark ${tag}`);

  await page.goBack();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(firstRow(page)).toContainText(`Zebra ${tag}`);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.search === `?q=${tag}`);
  await expect(page.getByRole("columnheader", { name: "Sort by Name" })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByLabel("Search clients")).toHaveValue(tag);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync(await download.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(csv).toHaveLength(27);
  expect(csv[1]).toMatch(new RegExp(`^Aardvark ${tag},Trial,,ann-${tag}@aardvark.test,0,0,,0,`));

  await page.getByRole("button", { name: "New client" }).click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  await dialog.getByLabel("Company name").fill(`Newcomer ${tag}`);
  await dialog.getByLabel("Time zone").selectOption("Europe/Berlin");
  await dialog.getByLabel("First user's email (optional)").fill(`first-${tag}@newcomer.test`);
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "new-client-dialog");
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split("/").at(-1);

  await page.goto(`/clients?q=newcomer%20${tag}`);
  await expect(page.getByRole("link", { name: `Newcomer ${tag}` })).toHaveAttribute("href", `/clients/${id}`);
  await expect(firstRow(page)).toContainText(`first-${tag}@newcomer.test`);
  await expectNoSeriousAxeViolations(page);
});

test.describe("the clients table at phone and desktop size, light and dark", () => {
  let tag: string;

  test.beforeAll(async () => {
    tag = `shot${Date.now().toString(36)}`;
    await seedCompany(tag, ["Invoice sync", "Lead routing"]);
    await seedCompany(tag, ["Stock alerts", "Payroll export"]);
    await createCompanies([{ name: `Client ${tag} prospect`, inviteEmail: `lee-${tag}@prospect.test` }]);
    // Wait for the periodic refresh to reach the new companies' figures.
    const staff = await signInStaff();
    await expect
      .poll(
        async () => {
          const body = (await (await staff.get(`/api/staff/companies?q=${tag}`)).json()) as TListClientsResponse;
          return body.clients.filter((c) => c.automationsLive > 0).length;
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(2);
    await staff.dispose();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])
    for (const colorScheme of ["light", "dark"] as const)
      test(`${viewport.width}x${viewport.height} ${colorScheme}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await signInStaffPage(page);
        await page.goto(`/clients?q=${tag}&sort=hoursSaved&dir=desc`);
        await expect(page.getByText("3 clients match")).toBeVisible();
        await expect(page.getByText(/Figures as of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M/)).toBeVisible();
        const name = `${SCREENSHOT_DIR}clients-${viewport.width}x${viewport.height}-${colorScheme}`;
        await page.screenshot({ path: `${name}.png`, fullPage: true, animations: "disabled" });
        await expectNoSeriousAxeViolations(page);

        // The first column stays put while the table scrolls sideways.
        const table = page.getByRole("region", { name: "Client companies" });
        await table.evaluate((element) => element.scrollBy({ left: 400 }));
        await page.screenshot({ path: `${name}-scrolled.png`, animations: "disabled" });

        await page.getByRole("button", { name: "New client" }).click();
        await expect(page.getByRole("dialog", { name: "New client" })).toBeVisible();
        await page.screenshot({ path: `${name}-new-client.png`, animations: "disabled" });
        await expectNoSeriousAxeViolations(page);

        await page.keyboard.press("Escape");
        await page.goto(`/clients?q=${tag}-nothing`);
        await expect(page.getByText("No client matches this search.")).toBeVisible();
        await page.screenshot({ path: `${name}-no-match.png`, animations: "disabled" });
      });
});
