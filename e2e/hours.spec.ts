import { checkAndShootEverySize } from "./a11y-helpers";
import { companyIdOf, csrfHeaders, freshIp, signInStaff, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, signInPage, SCREENSHOT_DIR, test } from "./fixtures";

test("staff log time with the timer and by hand; the client sees the burn-down, approves the extra hours, and the next invoice carries them", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const owner = { email: `owner-hours-${stamp}@client.test`, password: "client-password-1" };
  const companyName = `Client hours ${stamp}`;
  const client = await signUpClient(owner.email, owner.password, companyName);
  const staffApi = await signInStaff();
  const companyId = await companyIdOf(companyName, staffApi);
  // A retainer of one hour a month whose extra time needs the owner's approval, on the Starter plan.
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
        overageNeedsApproval: true,
      },
    },
  });
  expect(terms.status()).toBe(200);
  await staffApi.dispose();
  const opened = await client.post("/api/tickets", {
    headers: await csrfHeaders(client),
    data: { subject: "The invoice sync stopped", category: "other", message: "Nothing since Monday." },
  });
  const ticketId = ((await opened.json()) as { id: string }).id;
  await client.dispose();

  // Staff time the ticket: the timer lives on the server, so a reload finds it running.
  const staff = await (await browser.newContext()).newPage();
  await signInStaffPage(staff, { next: `/support/${ticketId}` });
  const timer = staff.getByRole("region", { name: "Time on this ticket" });
  await timer.getByRole("button", { name: "Start timer" }).click();
  await expect(timer.getByText(/Timer running since/)).toBeVisible();
  await staff.reload();
  await timer.getByRole("button", { name: "Stop" }).click();
  const stopForm = staff.getByRole("form", { name: "Stop the timer" });
  await stopForm.getByLabel("What was done (the client reads this)").fill("Found the expired API key");
  await stopForm.getByRole("button", { name: "Stop" }).click();
  await expect(timer.getByRole("button", { name: "Start timer" })).toBeVisible();

  // And log the rest by hand on the client's Billing tab.
  await staff.goto(`/clients/${companyId}?tab=billing`);
  const logTime = staff.getByRole("form", { name: "Log time" });
  await logTime.getByLabel("Duration").fill("1h 30m");
  await logTime.getByLabel("What was done (the client reads this)").fill("Rebuilt the invoice sync");
  await logTime.getByLabel("Internal note (staff only)").fill("Their admin rotated the key without telling us");
  await logTime.getByRole("button", { name: "Log time" }).click();
  const staffEntries = staff.getByRole("region", { name: "Time logged this period" });
  await expect(staffEntries).toContainText("Rebuilt the invoice sync");
  await expect(staffEntries).toContainText("Internal note: Their admin rotated the key");
  await staff.context().close();

  // The owner sees the hours against the budget, the burn-down and the entries, never the note.
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(page, owner.email, owner.password, { next: "/billing" });
  await expect(page.getByRole("heading", { name: "Hours this month" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Hours left by day/ })).toBeVisible();
  await page.goto("/secure-dashboard");
  await expect(page.getByRole("meter", { name: "Hours this month" })).toHaveAttribute("aria-valuetext", /of 1h$/);
  await page.goto("/billing");
  const entries = page.getByRole("region", { name: "Time logged this month" });
  await expect(entries).toContainText("Found the expired API key");
  await expect(entries).toContainText("The invoice sync stopped");
  await expect(entries).toContainText("Rebuilt the invoice sync");
  await expect(page.getByText("Their admin rotated the key")).toHaveCount(0);
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "hours-billing");

  // The time beyond the hour waits for approval; approved, it is on the next invoice.
  const approve = page.getByRole("button", { name: /^Approve \d+m of extra work$/ });
  const extra = /Approve (\d+m) of extra work/.exec((await approve.textContent()) ?? "")![1]!;
  await approve.click();
  await expect(page.getByText(`${extra} of extra work approved.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Extra work awaiting approval" })).toHaveCount(0);
  const nextInvoice = page.getByRole("region", { name: "Next invoice" });
  await expect(nextInvoice).toContainText(`Extra hours: ${extra} × €95.00`);
  await expect(nextInvoice).toContainText("Accruing: the extra hours so far this period, final when the period ends.");
  await nextInvoice.scrollIntoViewIfNeeded();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "hours-next-invoice");
});
