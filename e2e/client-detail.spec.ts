import { expectNoSeriousAxeViolations } from "./a11y-helpers";
import { csrfHeaders, signInStaff, signInStaffPage } from "./automation-fixtures";
import { createClientCompany, type ClientCompany } from "./client-detail-fixtures";
import { expect, mailsFor, SCREENSHOT_DIR, test } from "./fixtures";
import type { Page } from "@playwright/test";

// Whole flows on a busy two-core machine: allow them more than the default.
test.describe.configure({ timeout: 90_000 });

/** Axe on the screen, the posture banner of development hostnames such as localhost included. */
const expectNoAxeViolations = (page: Page) => expectNoSeriousAxeViolations(page);

/** Opens a confirmation dialog with the row's button, checks what it says, and confirms. */
async function confirm(page: Page, button: string, says: string | RegExp, confirmWith: string) {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(says);
  await dialog.getByRole("button", { name: confirmWith, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("staff manage a client company: its name, invitations, owner, members, and see it all in Activity", async ({
  page,
}) => {
  const client: ClientCompany = await createClientCompany("flow");
  const guest = `guest-${Date.now().toString(36)}@detail.test`;
  await signInStaffPage(page);
  await page.goto(`/clients/${client.id}`);
  await expect(page.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview", selected: true })).toBeVisible();
  await expect(page.locator("#main").getByText("Trial", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: client.ownerEmail })).toBeVisible();
  await expect(page.getByTestId("runs-month")).not.toHaveText("0");
  await expectNoAxeViolations(page);

  // Not on a plan yet: the status says so, and nobody sets it by hand (ADR 0031).
  await expect(page.getByText("It is on a trial, or not on a plan yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Change status" })).toHaveCount(0);

  const renamed = `${client.name} Group`;
  await page.getByRole("button", { name: "Rename" }).click();
  const renameDialog = page.getByRole("dialog", { name: `Rename ${client.name}` });
  await renameDialog.getByLabel("Company name").fill(renamed);
  await expectNoAxeViolations(page);
  await renameDialog.getByRole("button", { name: "Rename" }).click();
  await expect(renameDialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();

  await page.getByRole("tab", { name: "Members" }).click();
  await expect(page).toHaveURL(/\?tab=members$/);
  await page.getByLabel("Invite someone by email").fill(guest);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${guest}`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Resend invitation to ${guest}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await confirm(page, `Resend invitation to ${guest}`, "The link sent before stops working.", "Send a new link");
  await expect.poll(async () => (await mailsFor(page.request, guest, "company-invitation")).length).toBe(2);
  await confirm(page, `Cancel invitation to ${guest}`, "stops working", "Cancel the invitation");
  await expect(page.getByRole("button", { name: `Resend invitation to ${guest}` })).toBeHidden();

  await confirm(page, `Make owner: ${client.memberEmail}`, `${client.ownerEmail} stays on as a member`, "Make owner");
  await expect(page.getByRole("button", { name: `Make owner: ${client.ownerEmail}` })).toBeVisible();
  await confirm(page, `Remove ${client.ownerEmail}`, "Their account stays", "Remove from the company");
  await expect(page.getByText(client.ownerEmail)).toBeHidden();

  await page.getByRole("tab", { name: "Activity" }).click();
  await expect(page).toHaveURL(/\?tab=activity$/);
  const entries = page.getByRole("list", { name: "Activity, newest first" }).getByRole("listitem");
  await expect(entries.first()).toContainText(`Removed ${client.ownerEmail} from ${renamed}`);
  const expected = [
    `Removed ${client.ownerEmail} from ${renamed}`,
    `Made ${client.memberEmail} the owner of ${renamed} in place of ${client.ownerEmail}`,
    `Canceled the invitation of ${guest} to ${renamed}`,
    `Sent a new invitation link to ${guest} for ${renamed}`,
    `Invited ${guest} to ${renamed}`,
    `Renamed ${client.name} to ${renamed}`,
  ];
  for (const [index, summary] of expected.entries()) await expect(entries.nth(index)).toContainText(summary);
  await expect(entries.nth(5)).toContainText("By staff@cogwork.test");
  await expect(entries.last()).toContainText(`Created the client company ${client.name}`);
  await expectNoAxeViolations(page);
});

test("an unknown client id shows a clear screen", async ({ page }) => {
  await signInStaffPage(page);
  await page.goto("/clients/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "No such client" })).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`client detail screenshots at ${viewport.width}px, ${colorScheme}, axe clean`, async ({ page }) => {
      const client = await createClientCompany(`shot${viewport.width}${colorScheme}`);
      // Something to show in Members and Activity: a pending invitation and a new name.
      const staff = await signInStaff();
      const base = `/api/staff/companies/${client.id}`;
      await staff.post(`${base}/invitations`, {
        headers: await csrfHeaders(staff),
        data: { email: `new-${client.ownerEmail}` },
      });
      await staff.patch(base, { headers: await csrfHeaders(staff), data: { name: `${client.name} Group` } });
      await staff.dispose();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signInStaffPage(page);
      for (const tab of ["overview", "members", "activity"]) {
        await page.goto(`/clients/${client.id}${tab === "overview" ? "" : `?tab=${tab}`}`);
        await expect(page.getByRole("tabpanel")).not.toContainText("Loading...");
        await expect(page.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `${SCREENSHOT_DIR}client-detail-${tab}-${viewport.width}x${viewport.height}-${colorScheme}.png`,
          fullPage: true,
          animations: "disabled",
        });
      }
    });
  }
}
