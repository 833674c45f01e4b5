import { expectNoSeriousAxeViolations } from "./a11y-helpers";
import { companyIdOf, csrfHeaders, freshIp, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, fillSignIn, staffAccount, test, SCREENSHOT_DIR } from "./fixtures";
import type { Page } from "@playwright/test";

// Whole flows on a 2-core machine shared with other work: allow them more than the default.
test.describe.configure({ timeout: 90_000 });

const CLIENT_PASSWORD = "client-password-1";

/** A client who signed up (and confirmed) through the API; returns its address and company. */
async function freshClient(label: string) {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@client.test`;
  const company = `Client ${label} ${Date.now()}`;
  const context = await signUpClient(email, CLIENT_PASSWORD, company);
  await context.dispose();
  return { email, company };
}

async function actOn(page: Page, email: string, item: string) {
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
  return page.getByRole("dialog");
}

test("staff ban a fresh client account, its session ends at once, and unban it", async ({ page, browser }) => {
  const client = await freshClient("ban");
  const clientContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": freshIp() } });
  const clientPage = await clientContext.newPage();
  await clientPage.goto("/secure-login");
  await fillSignIn(clientPage, client.email, CLIENT_PASSWORD);
  await expect(clientPage).toHaveURL(/\/secure-dashboard/);

  await signInStaffPage(page, { next: `/admin/users?q=${encodeURIComponent(client.email)}` });
  const row = page.getByRole("row", { name: new RegExp(client.email.replace(/[.+]/g, "\\$&")) });
  await expect(row).toContainText(client.company);
  const dialog = await actOn(page, client.email, "Ban…");
  await expect(dialog.getByRole("heading", { name: `Ban ${client.email}?` })).toBeVisible();
  await expect(dialog).toContainText("They are signed out everywhere at once");
  await dialog.getByLabel("Reason").fill("Shared the account with a competitor");
  await dialog.getByRole("button", { name: "Ban account" }).click();
  await expect(page.getByText(`${client.email} is banned; 2 sessions ended.`)).toBeVisible();
  await expect(row).toContainText("Shared the account with a competitor");

  // The client's open session is over: the next screen asks them to sign in, and signing in is refused.
  await clientPage.goto("/my-automations");
  await expect(clientPage.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
  await clientPage.goto("/secure-login");
  await fillSignIn(clientPage, client.email, CLIENT_PASSWORD);
  // It cannot open a ticket: it is sent to the public contact form, not to "support".
  await expect(clientPage.getByText(/banned, so it cannot sign in/)).toContainText("through the contact form at");
  await expect(clientPage.getByText(/contact support/i)).toHaveCount(0);

  const unban = await actOn(page, client.email, "Unban…");
  await unban.getByRole("button", { name: "Unban" }).click();
  await expect(page.getByText(`${client.email} can sign in again.`)).toBeVisible();
  await expect(row.getByText("Banned", { exact: true })).toHaveCount(0);
  await clientPage.goto("/secure-login");
  await fillSignIn(clientPage, client.email, CLIENT_PASSWORD);
  await expect(clientPage).toHaveURL(/\/secure-dashboard/);
  await clientContext.close();
});

test("the users screen keeps the dashboard's filters in the URL", async ({ page }) => {
  await signInStaffPage(page, { next: "/admin/users?signedUpWithin=7" });
  await expect(page.getByLabel("Signed up")).toHaveValue("7");
  await page.getByLabel("Role").selectOption("admin");
  await expect(page).toHaveURL(/signedUpWithin=7/);
  await expect(page).toHaveURL(/role=admin/);
  await expect(
    page.getByRole("row", { name: new RegExp(staffAccount().email.replace(/[.+]/g, "\\$&")) }),
  ).toBeVisible();
});

test("the security log filters by type and account, in the URL", async ({ page, request }) => {
  const email = `nobody-${Date.now()}@log.test`;
  const failed = await request.post("/api/auth/sign-in/email", { data: { email, password: "wrong-password-1" } });
  expect(failed.status()).toBe(401);

  await signInStaffPage(page, { next: "/admin/security-log" });
  await page.getByLabel("Type").selectOption("sign_in_failed");
  await page.getByLabel("User (email or id)").fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/type=sign_in_failed/);
  await expect(page).toHaveURL(new RegExp(`user=${encodeURIComponent(email).replace(/[.+]/g, "\\$&")}`));
  const rows = page.getByRole("region", { name: "Security events" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Failed sign-in");
  await expect(rows.nth(1)).toContainText(email);

  await page.reload();
  await expect(page.getByLabel("User (email or id)")).toHaveValue(email);
  await expect(rows).toHaveCount(2);
});

test("staff view a client's portal read only, and exit", async ({ page }) => {
  const client = await freshClient("view");
  const companyId = await companyIdOf(client.company);

  await signInStaffPage(page, { next: "/admin" });
  const started = await page.request.post(`/api/staff/companies/${companyId}/view-as`, {
    headers: await csrfHeaders(page.request),
  });
  expect(started.status()).toBe(200);
  await page.goto("/secure-dashboard");
  const banner = page.getByRole("region", { name: "Viewing as client" });
  await expect(banner).toContainText(`Viewing as ${client.company} — read only`);
  const nav = page.getByRole("navigation", { name: "Portal" }).first();
  await expect(nav.getByRole("link", { name: "My automations" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Agency dashboard" })).toHaveCount(0);
  await expect(page.getByText(`You see this company's portal as its owner does, read only.`)).toBeVisible();

  // The client's screens offer no change, and say why.
  await expect(page.getByRole("note").filter({ hasText: "Inviting a colleague is not offered" })).toContainText(
    `while you view ${client.company} as its client (read only)`,
  );
  await expect(page.getByLabel("Invite a colleague by email")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await banner.getByRole("button", { name: `Exit the view of ${client.company}` }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${companyId}$`));
  await expect(page.getByRole("region", { name: "Viewing as client" })).toHaveCount(0);
  const me = (await (await page.request.get("/api/me")).json()) as { viewingAs: unknown; user: { role: string } };
  expect(me).toMatchObject({ viewingAs: null, user: { role: "admin" } });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the screens in ${colorScheme}: axe, and pictures at 390 and 1280`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme });
    // At least one event in the log, whichever tests ran before.
    await request.post("/api/auth/sign-in/email", {
      data: { email: `shot-${colorScheme}-${Date.now()}@log.test`, password: "wrong-password-1" },
    });
    await signInStaffPage(page, { next: "/admin/users" });
    const client = await freshClient(`shot-${colorScheme}`);
    for (const path of ["/admin/users", "/admin/security-log"]) {
      await page.goto(path);
      await expect(
        page.getByRole("region", { name: path.endsWith("users") ? "Users" : "Security events" }),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.screenshot({
          path: `${SCREENSHOT_DIR}${path.slice(7)}-${width}-${colorScheme}.png`,
          fullPage: true,
        });
      }
    }
    const companyId = await companyIdOf(client.company);
    await page.request.post(`/api/staff/companies/${companyId}/view-as`, { headers: await csrfHeaders(page.request) });
    await page.goto("/secure-dashboard");
    await expect(page.getByRole("region", { name: "Viewing as client" })).toBeVisible();
    await expect(page.getByRole("heading", { name: `People in ${client.company}` })).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}view-as-${width}-${colorScheme}.png` });
    }
    await page.request.delete("/api/staff/view-as", { headers: await csrfHeaders(page.request) });
  });
}
