import { checkAndShootEverySize } from "./a11y-helpers";
import { companyIdOf, csrfHeaders, freshIp, signInStaff, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, SCREENSHOT_DIR, signInPage, test } from "./fixtures";
import type { Page } from "@playwright/test";

test.describe.configure({ timeout: 180_000 });

test("a searched clients table opens the client whose name is clicked, every time", async ({ page }) => {
  const tag = `race${Date.now().toString(36)}`;
  const staff = await signInStaff();
  const created = await staff.post("/api/staff/companies", {
    headers: await csrfHeaders(staff),
    data: { name: `Racer ${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  await staff.dispose();
  await signInStaffPage(page, { next: "/clients" });
  const name = page.getByRole("link", { name: `Racer ${tag}`, exact: true });
  for (let attempt = 0; attempt < 6; attempt++) {
    // Typed, then clicked at once: the search's address must not undo the click.
    await page.goto("/clients");
    await page.getByLabel("Search clients").pressSequentially(tag.slice(0, 8));
    await name.click();
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: `Racer ${tag}`, level: 1 })).toBeVisible({ timeout: 15_000 });
    // Opened from an address that already holds the search.
    await page.goto(`/clients?q=${tag}`);
    await name.click();
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: `Racer ${tag}`, level: 1 })).toBeVisible({ timeout: 15_000 });
  }
});

test("the sidebar scrolls on its own: Sign out is in the window at 1280 × 720 on /admin scrolled to the end", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signInStaffPage(page, { next: "/admin" });
  await expect(page.getByRole("heading", { name: "Agency dashboard", level: 1 })).toBeVisible();
  await page.keyboard.press("End");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const sidebar = page.getByRole("complementary").filter({ has: page.getByRole("navigation", { name: "Portal" }) });
  const signOut = sidebar.getByRole("button", { name: "Sign out" });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  await expect(sidebar.getByRole("link", { name: "Account settings" })).toBeInViewport({ ratio: 1 });
  // The last of the agency's links is reachable too, by scrolling the links themselves.
  const last = sidebar.getByRole("link", { name: "Security log" });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  await signOut.click();
  await expect(page).toHaveURL(/\/secure-login/);
});

/** Full-page pictures at 390 × 844 and 1280 × 800, light and dark, to look at; leaves the page at 390 × 844. */
async function shootEverySize(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${width}x${height}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("on a phone the invoice tables bring every PDF link into view", async ({ page, browser }) => {
  const stamp = Date.now();
  const owner = { email: `owner-phone-${stamp}@client.test`, password: "client-password-1" };
  const companyName = `Client phone ${stamp}`;
  await (await signUpClient(owner.email, owner.password, companyName)).dispose();
  const staff = await signInStaff();
  const companyId = await companyIdOf(companyName, staff);
  const subscribed = await staff.post(`/api/staff/companies/${companyId}/subscription`, {
    headers: await csrfHeaders(staff),
    data: { planSlug: "starter", interval: "monthly", trialDays: 0 },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  await staff.dispose();

  const phone = { width: 390, height: 844 };
  const pdfInView = async (p: Page, tableName: string | RegExp) => {
    const table = p.getByRole("region", { name: tableName });
    const pdf = table.getByRole("link", { name: /^PDF of invoice/ }).first();
    await expect(pdf).toBeAttached();
    // Off to the right at first, with a way to bring it in that one can see.
    await table
      .locator("xpath=../..")
      .getByRole("button", { name: /^More columns/ })
      .click();
    await expect(pdf).toBeInViewport({ ratio: 1 });
  };

  // The client's Billing page.
  await page.setViewportSize(phone);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(page, owner.email, owner.password, { next: "/billing" });
  await pdfInView(page, "Your invoices");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "phone-billing");
  await page.setViewportSize(phone);

  // Staff's invoices and the client's Billing tab.
  const staffPage = await (await browser.newContext({ viewport: phone })).newPage();
  await signInStaffPage(staffPage, { next: "/admin/invoices" });
  await pdfInView(staffPage, /invoices/i);
  // Pictures only: the page's tabs carry an axe finding of their own, outside these tables.
  await shootEverySize(staffPage, "phone-admin-invoices");
  await staffPage.goto(`/clients/${companyId}?tab=billing`);
  await pdfInView(staffPage, /invoices/i);
});

test("staff get the agency's navigation; a client's pages send them to the agency's, unless they view a client", async ({
  page,
}) => {
  const tag = `nav${Date.now().toString(36)}`;
  const staff = await signInStaff();
  const created = await staff.post("/api/staff/companies", {
    headers: await csrfHeaders(staff),
    data: { name: `Navigator ${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = await companyIdOf(`Navigator ${tag}`, staff);
  await staff.dispose();

  // Signed in without a destination: the agency dashboard.
  await signInStaffPage(page);
  await expect(page.getByRole("heading", { name: "Agency dashboard", level: 1 })).toBeVisible();
  const nav = page.getByRole("complementary").getByRole("navigation", { name: "Portal" });
  await expect(nav.getByRole("link")).toHaveText([
    "Agency dashboard",
    "Clients",
    "Automations",
    "Plan queue",
    "Tickets",
    "Leads",
    "Invoices",
    "Pricing plans",
    "Users",
    "Alert channels",
    "Audit log",
    "Security log",
  ]);
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "staff-navigation");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.locator("#mobile-menu").getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}staff-navigation-menu-390x844-light.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A client's pages, opened by address: the server sends staff on.
  for (const [client, agency, heading] of [
    ["/secure-dashboard", "/admin", "Agency dashboard"],
    ["/automation-plan", "/admin/plan", "Plan queue"],
    ["/my-automations", "/admin/automations?kind=all", "Client automations"],
    ["/billing", "/admin/invoices", "Invoices"],
    ["/support", "/admin/tickets", "Tickets"],
    ["/reports", "/clients", "Clients"],
  ] as const) {
    await page.goto(client);
    await expect(page).toHaveURL((url) => url.pathname + url.search === agency);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }

  // ...and the app does too when it navigates there itself.
  await page.goto("/no-such-page");
  await page.getByRole("link", { name: "Open your dashboard" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { name: "Agency dashboard", level: 1 })).toBeVisible();

  // Viewing a client as its client: the client's navigation and pages.
  await page.goto(`/clients/${companyId}`);
  await page.getByRole("button", { name: /^View as client/ }).click();
  await expect(page).toHaveURL(/\/secure-dashboard$/);
  await expect(nav.getByRole("link")).toHaveText([
    "Dashboard",
    "Automation plan",
    "My automations",
    "Billing",
    "Reports",
    "Support",
  ]);
  await page.goto("/billing");
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  await page.getByRole("button", { name: `Exit the view of Navigator ${tag}` }).click();
  await expect(nav.getByRole("link").first()).toHaveText("Agency dashboard");
});
