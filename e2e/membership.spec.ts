import { checkAndShootEverySize } from "./a11y-helpers";
import { csrfHeaders, freshIp, signInStaff, signUpClient } from "./automation-fixtures";
import { expect, readLink, SCREENSHOT_DIR, signInPage, test } from "./fixtures";
import type { APIRequestContext, Page } from "@playwright/test";

const PASSWORD = "client-password-1";

async function signInClient(page: Page, email: string) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(page, email, PASSWORD);
}

const post = async (who: APIRequestContext, path: string, data: object) => {
  const res = await who.post(path, { headers: await csrfHeaders(who), data });
  if (!res.ok()) throw new Error(`${path} failed: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<{ id: string }>;
};

test("a member reads why they cannot approve a proposal with fees, and can still decline it", async ({ page }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const company = `Fees Client ${tag}`;
  const ownerEmail = `fees-owner-${tag}@client.test`;
  const memberEmail = `fees-member-${tag}@client.test`;
  const owner = await signUpClient(ownerEmail, PASSWORD, company);
  await post(owner, "/api/company/invitations", { email: memberEmail });
  const member = await signUpClient(memberEmail, PASSWORD, `Own ${tag}`);
  const link = await readLink(member, memberEmail, "company-invitation");
  await post(member, "/api/company/invitations/accept", { token: new URL(link).searchParams.get("token")! });
  const { id } = await post(member, "/api/plan/items", {
    title: `Sync refunds ${tag}`,
    problem: "Refunds are typed twice.",
    triggerDescription: "A refund in the shop",
    systems: "Shopify",
    timesPerMonth: 40,
    minutesEach: 5,
    priority: "normal",
  });
  const staff = await signInStaff();
  await post(staff, `/api/staff/plan/items/${id}/transitions`, {
    to: "proposed",
    proposal: {
      scope: "An n8n workflow copies each refund into the accounting system.",
      platform: "n8n",
      hoursPerMonth: 3,
      setupFeeMinor: 250_000,
      monthlyFeeChangeMinor: 30_000,
      targetDate: "2027-02-15",
    },
  });
  await Promise.all([owner.dispose(), member.dispose(), staff.dispose()]);

  await signInClient(page, memberEmail);
  await page.goto(`/automation-plan/${id}`);
  await expect(page.getByRole("heading", { name: "Proposal, version 1" })).toBeVisible();
  await expect(
    page.getByText(
      `Only the owner of ${company} can approve this proposal: it adds a setup fee of €2,500 and €300 more a month. ` +
        "Ask Erin Client to approve it, or decline it.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve version 1" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Decline" })).toBeVisible();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "membership-member-approval");
});

test("inviting the same address twice keeps one pending invitation and says it was sent again", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const ownerEmail = `invite-owner-${tag}@client.test`;
  const guest = `guest-${tag}@client.test`;
  await (await signUpClient(ownerEmail, PASSWORD, `Invite Client ${tag}`)).dispose();
  await signInClient(page, ownerEmail);
  // The invitation form loads as the team card comes into view, as a person scrolls to it.
  await page.getByRole("heading", { name: /^People in / }).scrollIntoViewIfNeeded();
  const form = page.getByRole("form", { name: "Invite a colleague" });
  for (const attempt of [1, 2]) {
    await form.getByLabel("Invite a colleague by email").fill(guest);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(
      form.getByText(
        attempt === 1
          ? `Invitation sent to ${guest}.`
          : `${guest} was already invited: we sent the invitation again, with a new link.`,
      ),
    ).toBeVisible();
  }
  await expect(page.getByText(`${guest} · invited, not joined yet`)).toHaveCount(1);
  await page.reload();
  await expect(page.getByText(`${guest} · invited, not joined yet`)).toHaveCount(1);
});
