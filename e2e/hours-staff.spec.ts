import { checkAndShootEverySize } from "./a11y-helpers";
import { companyIdOf, csrfHeaders, signInStaff, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, SCREENSHOT_DIR, test } from "./fixtures";

test("staff see a client's hours in the clients table and on /admin, edit its terms and correct an entry", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const companyName = `Over budget ${stamp}`;
  const client = await signUpClient(`owner-over-${stamp}@client.test`, "client-password-1", companyName);
  await client.dispose();
  const staffApi = await signInStaff();
  const companyId = await companyIdOf(companyName, staffApi);
  const subscribed = await staffApi.post(`/api/staff/companies/${companyId}/subscription`, {
    headers: await csrfHeaders(staffApi),
    data: { planSlug: "starter", interval: "monthly", trialDays: 0 },
  });
  expect(subscribed.status()).toBe(201);
  const terms = await staffApi.put(`/api/staff/companies/${companyId}/hours/terms`, {
    headers: await csrfHeaders(staffApi),
    data: {
      override: {
        includedMinutes: 60,
        overageRateMinor: 9500,
        hoursRollover: false,
        rolloverCapMinutes: 0,
        overageNeedsApproval: false,
      },
    },
  });
  expect(terms.status()).toBe(200);
  const logged = await staffApi.post(`/api/staff/companies/${companyId}/time-entries`, {
    headers: await csrfHeaders(staffApi),
    data: { day: new Date().toISOString().slice(0, 10), duration: "1h 30m", description: "Rebuilt the invoice sync" },
  });
  expect(logged.status()).toBe(201);
  await staffApi.dispose();

  // /admin: the unbilled time, and the client over its budget, linking to its Billing tab.
  await signInStaffPage(page, { next: "/admin" });
  const hours = page.getByRole("region", { name: "Retainer hours" });
  const overLink = hours.getByRole("link", { name: companyName });
  await expect(overLink).toHaveAttribute("href", `/clients/${companyId}?tab=billing`);
  await expect(hours).toContainText("1h 30m of 1h included");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "hours-admin");

  // The clients table: hours used / included this period.
  await page.goto(`/clients?q=${encodeURIComponent(companyName)}`);
  const row = page.getByRole("row", { name: new RegExp(companyName) });
  await expect(row).toContainText("1h 30m / 1h");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "hours-clients-table");

  // The Billing tab: the client's own terms, and a correction of the entry.
  await page.goto(`/clients/${companyId}?tab=billing`);
  await page.getByText("Edit hours terms").click();
  const termsForm = page.getByRole("form", { name: "Client's hours terms" });
  await expect(termsForm.getByLabel("Included each month")).toHaveValue("1h");
  await termsForm.getByLabel("Included each month").fill("2h");
  await termsForm.getByRole("button", { name: "Save the client's terms" }).click();
  await expect(page.getByText("The client's hours terms are saved.")).toBeVisible();
  await expect(termsForm.getByRole("button", { name: "Use the plan's terms" })).toBeVisible();
  await page.getByRole("button", { name: /^Edit entry: 1h 30m on .*, Rebuilt the invoice sync$/ }).click();
  const editForm = page.getByRole("form", { name: /Edit the entry of/ });
  await editForm.getByLabel("Duration").fill("45m");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "hours-staff-billing-tab");
  await editForm.getByRole("button", { name: "Save entry" }).click();
  await expect(page.getByText("The entry is corrected.")).toBeVisible();
  await expect(editForm).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Edit entry: 45m on .*, Rebuilt the invoice sync$/ })).toBeVisible();
});
