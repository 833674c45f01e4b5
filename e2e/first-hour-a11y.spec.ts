import { checkAndShootEverySize, expectNoSeriousAxeViolations } from "./a11y-helpers";
import { apiContext, csrfHeaders, freshIp, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, PASSWORD, SCREENSHOT_DIR, signUpAndConfirm, test } from "./fixtures";
import type { APIRequestContext, Page } from "@playwright/test";

// axe at two sizes and two themes on a busy 2-core machine: allow more than the default.
test.describe.configure({ timeout: 120_000 });

/** Moderate rules these screens broke: caught here as well as everything serious or critical. */
const LANDMARKS = { alsoFail: ["landmark-unique", "region"] };

const shoot = (page: Page, name: string) =>
  checkAndShootEverySize(page, SCREENSHOT_DIR, `first-hour-${name}`, LANDMARKS);

test("/admin/invoices: each filter tab controls a panel that exists", async ({ page }) => {
  await signInStaffPage(page, { next: "/admin/invoices" });
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  const tab = page.getByRole("tab", { name: "Open" });
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const controls = await tab.getAttribute("aria-controls");
  expect(controls).toBeTruthy();
  await expect(page.locator(`[id="${controls}"]`)).toHaveCount(1);
  await shoot(page, "admin-invoices");
  await page.getByRole("tab", { name: "Paid" }).click();
  await expect(page).toHaveURL(/filter=paid/);
  await expectNoSeriousAxeViolations(page, LANDMARKS);
});

test("/admin/leads: the convert button's name starts with its text; two leads of one person add no twin landmarks", async ({
  page,
}) => {
  const visitor = await apiContext();
  const name = `Dana Axe ${Date.now()}`;
  // The same person writes twice: the page must not get two landmarks of one name.
  for (const company of ["Example Logistics GmbH", "Example Freight BV"]) {
    const sent = await visitor.post("/api/contact", {
      headers: await csrfHeaders(visitor),
      data: {
        name,
        email: `dana-${Date.now()}@example.com`,
        company,
        message: "Every Friday we retype 40 invoices from the CRM into accounting. Can you automate that?",
      },
    });
    expect(sent.status()).toBe(201);
  }
  await visitor.dispose();

  await signInStaffPage(page, { next: "/admin/leads?status=new" });
  await expect(page.getByRole("button", { name: `Convert to client: ${name}` })).toHaveCount(2);
  await shoot(page, "admin-leads");
});

/** A client with a ticket, made through the API; returns the client's credentials and the ticket's id. */
async function clientWithTicket(tag: string) {
  const email = `erin-${tag}-${Date.now()}@client.test`;
  const password = "client-password-1";
  const client = await signUpClient(email, password, `Client ${tag} ${Date.now()}`);
  const created = await client.post("/api/tickets", {
    headers: await csrfHeaders(client),
    data: { subject: "Invoices missing", category: "other", message: "Monday's invoices are missing." },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await client.dispose();
  return { email, password, id };
}

test("a ticket page has landmarks each with a name of its own, for staff and for the client", async ({
  page,
  browser,
}) => {
  const { email, password, id } = await clientWithTicket("landmarks");
  await signInStaffPage(page, { next: `/support/${id}` });
  await expect(page.getByRole("heading", { level: 1, name: "Invoices missing" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "About this ticket" })).toBeVisible();
  await shoot(page, "ticket-staff");

  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": freshIp() } });
  const clientPage = await context.newPage();
  await clientPage.goto(`/secure-login?next=${encodeURIComponent(`/support/${id}`)}`);
  await clientPage.getByLabel("Email", { exact: true }).fill(email);
  await clientPage.getByLabel("Password", { exact: true }).fill(password);
  await clientPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(clientPage.getByRole("heading", { level: 1, name: "Invoices missing" })).toBeVisible();
  await expectNoSeriousAxeViolations(clientPage, LANDMARKS);
  await context.close();
});

test("the open phone menu is a named region: nothing on screen lies outside a landmark", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInStaffPage(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("region", { name: "Menu" })).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousAxeViolations(page, LANDMARKS);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}first-hour-phone-menu-390x844-${colorScheme}.png`,
      fullPage: true,
      animations: "disabled",
    });
  }
});

const DEVICES = [
  {
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
    device: "Firefox on Windows",
  },
  {
    ua:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
      "Version/17.5 Mobile/15E148 Safari/604.1",
    device: "Safari on iOS",
  },
  {
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
    device: "Firefox on Windows",
  },
];

/** Signs the account in once more from another device and address, through the API. */
async function signInElsewhere(email: string, ua: string): Promise<APIRequestContext> {
  const other = await apiContext();
  const res = await other.post("/api/auth/sign-in/email", {
    headers: { "user-agent": ua, "x-forwarded-for": freshIp() },
    data: { email, password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return other;
}

test("each session's Sign out button names its device, when it was last active and where from", async ({
  page,
  uniqueEmail,
}) => {
  const { email } = await signUpAndConfirm(page, { email: uniqueEmail("sessions"), name: "Clara Claes" });
  const others = [];
  for (const { ua } of DEVICES) others.push(await signInElsewhere(email, ua));
  await page.goto("/account");
  const sessions = page.getByRole("list").filter({ hasText: "This device" });
  const buttons = sessions.getByRole("button", { name: /^Sign out / });
  await expect(buttons).toHaveCount(DEVICES.length);
  const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute("aria-label") ?? ""));
  expect(new Set(names).size).toBe(DEVICES.length);
  for (const { device } of DEVICES) {
    expect(names.some((n) => n.startsWith(`Sign out ${device}, last active `) && / from \S+$/.test(n))).toBe(true);
  }
  await shoot(page, "account-sessions");

  await buttons.filter({ hasText: "Sign out" }).first().click();
  await expect(buttons).toHaveCount(DEVICES.length - 1);
  for (const other of others) await other.dispose();
});
