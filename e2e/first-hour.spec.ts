import { checkAndShootEverySize, expectNoSeriousAxeViolations } from "./a11y-helpers";
import { companyIdOf, csrfHeaders, signInStaff, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, SCREENSHOT_DIR, signInPage, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** A new client company with its owner, signed up and confirmed through the API. */
async function newClient(tag: string) {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const client = {
    email: `owner-${tag}-${stamp}@client.test`,
    password: "client-password-1",
    company: `First hour ${tag} ${stamp}`,
  };
  const context = await signUpClient(client.email, client.password, client.company);
  return { ...client, context };
}

/** Every uncaught error and console error the page shows from now on. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

test("a signed-in client stays signed in however often the office behind one address checks its sessions", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const client = await newClient("sessions");
  await client.context.dispose();
  await signInPage(page, client.email, client.password, { next: "/billing" });
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  // An office's worth of screens reading their sessions from this one address: more than any guess budget.
  const statuses = await page.evaluate(async () => {
    const seen: number[] = [];
    for (let i = 0; i < 110; i++) seen.push((await fetch("/api/auth/get-session")).status);
    return [...new Set(seen)];
  });
  expect(statuses).toEqual([200]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Authentication Required")).toHaveCount(0);
});

test("the first change after signing in is accepted at once: no refused token, nothing in the security log", async ({
  page,
  clientAddress,
}) => {
  test.setTimeout(120_000);
  const client = await newClient("csrf");
  await client.context.dispose();
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  // The sign-in page holds a token from before the sign-in, as every first visit does.
  await page.goto("/secure-login");
  await expect(page.getByRole("complementary", { name: "Security posture" })).toContainText("CSRF Token:Active");
  await signInPage(page, client.email, client.password, { here: true });

  const colleague = `colleague-${Date.now()}@client.test`;
  // The invitation form loads as the team card comes into view, as a person scrolls to it.
  await page.getByRole("heading", { name: /^People in / }).scrollIntoViewIfNeeded();
  await page.getByLabel("Invite a colleague by email").fill(colleague);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${colleague}.`)).toBeVisible();
  expect(refused).toEqual([]);

  const staff = await signInStaff();
  const log = await staff.get(`/api/admin/security-events?type=csrf_refused&ip=${encodeURIComponent(clientAddress)}`);
  expect(log.status()).toBe(200);
  expect(((await log.json()) as { events: unknown[] }).events).toEqual([]);
  await staff.dispose();
});

test("staff viewing as a client are offered no change on any screen, and nothing is thrown", async ({ page }) => {
  test.setTimeout(180_000);
  const client = await newClient("view");
  const created = await client.context.post("/api/tickets", {
    headers: await csrfHeaders(client.context),
    data: {
      subject: "The invoice sync stopped",
      category: "broken_automation",
      priority: "normal",
      message: "Nothing arrived in the accounting system since Monday.",
      watcherIds: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ticketId = ((await created.json()) as { id: string }).id;
  await client.context.dispose();
  const companyId = await companyIdOf(client.company);

  await signInStaffPage(page, { next: `/clients/${companyId}` });
  const errors = watchErrors(page);
  await page.getByRole("button", { name: /View as client/ }).click();
  await expect(page).toHaveURL(/\/secure-dashboard/);
  await expect(page.getByRole("region", { name: "Viewing as client" })).toBeVisible();
  const note = (action: string) => page.getByRole("note").filter({ hasText: `${action} is not offered` });

  // Home: the team without its invitation form, the settings without "Change".
  await expect(page.getByRole("heading", { name: `People in ${client.company}` })).toBeVisible();
  await expect(note("Inviting a colleague")).toBeVisible();
  await expect(page.getByLabel("Invite a colleague by email")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Change/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Support: no new ticket, and the ticket's thread without a reply box.
  await page.goto("/support");
  await expect(page.getByRole("link", { name: /The invoice sync stopped/ })).toBeVisible();
  await expect(note("Opening a ticket")).toBeVisible();
  await expect(page.getByRole("button", { name: "New ticket" })).toHaveCount(0);
  await page.goto(`/support/${ticketId}`);
  await expect(page.getByText("Nothing arrived in the accounting system since Monday.")).toBeVisible();
  await expect(note("Replying")).toBeVisible();
  await expect(page.getByRole("form", { name: "Reply" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send reply" })).toHaveCount(0);
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "view-as-ticket");

  // The plan, billing and account screens.
  await page.goto("/automation-plan");
  await expect(note("Requesting an automation")).toBeVisible();
  await expect(page.getByRole("button", { name: /Request an automation/ })).toHaveCount(0);
  await page.goto("/billing");
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Change plan|Pay by card|Manage card/ })).toHaveCount(0);
  await page.goto("/account");
  await expect(note("Changing account settings")).toBeVisible();
  await expect(page.getByRole("button", { name: /Save|Change password|Delete/ })).toHaveCount(0);

  expect(errors).toEqual([]);
});
