import { checkAndShootEverySize } from "./a11y-helpers";
import { csrfHeaders, freshIp, signInStaff, signUpClient } from "./automation-fixtures";
import { expect, pathOf, readLink, SCREENSHOT_DIR, signInPage, test } from "./fixtures";
import type { APIRequestContext } from "@playwright/test";

// Whole flows on a 2-core machine shared with other work: allow them more than the default.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = "client-password-1";

async function post(who: APIRequestContext, path: string, data: object) {
  const response = await who.post(path, { headers: await csrfHeaders(who), data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ company: { id: string } }>;
}

test("a newcomer signs up from the invitation link into the inviting company and lands on its portal", async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const companyName = `Invited Co ${tag}`;
  const email = `newcomer-${tag}@their-own-domain.test`;
  const staff = await signInStaff();
  await post(staff, "/api/staff/companies", { name: companyName, inviteEmail: email });
  const invitation = await readLink(staff, email, "company-invitation");
  await staff.dispose();

  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await page.goto(pathOf(invitation));
  await expect(page.getByRole("heading", { level: 1, name: `Join ${companyName} on Cogwork` })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  await expect(page.getByRole("link", { name: "Sign in to accept the invitation" })).toBeVisible();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "invitation-sign-up");

  await page.getByLabel("Your name").fill("Nora Newcomer");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: `Create account and join ${companyName}` }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The confirmation link signs her in on the company's portal, not on the site root.
  const confirm = await readLink(page.request, email, "confirm-email");
  await page.goto(pathOf(confirm));
  await expect(page).toHaveURL(/\/secure-dashboard$/);
  const me = await page.request.get("/api/me");
  expect(((await me.json()) as { company: { name: string; role: string } }).company).toMatchObject({
    name: companyName,
    role: "owner",
  });
});

test("the only member of a paying company is told why accepting another invitation is refused", async ({ page }) => {
  const tag = Date.now().toString(36);
  const email = `payer-${tag}@client.test`;
  const own = `Paying Co ${tag}`;
  const owner = await signUpClient(email, PASSWORD, own);
  await owner.dispose();
  const staff = await signInStaff();
  const companies = (await (await staff.get(`/api/staff/companies?q=${encodeURIComponent(own)}`)).json()) as {
    clients: { id: string }[];
  };
  await post(staff, `/api/staff/companies/${companies.clients[0]!.id}/subscription`, {
    planSlug: "starter",
    interval: "monthly",
    trialDays: 0,
  });
  const other = await post(staff, "/api/staff/companies", { name: `Other Co ${tag}` });
  await post(staff, `/api/staff/companies/${other.company.id}/invitations`, { email });
  const invitation = await readLink(staff, email, "company-invitation");
  await staff.dispose();

  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(page, email, PASSWORD);
  await page.goto(pathOf(invitation));
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(
    page.getByText(
      `You are the only member of ${own}, which has a subscription and invoices: joining Other Co ${tag} would leave it with nobody.`,
      { exact: false },
    ),
  ).toBeVisible();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "invitation-refused");
});
