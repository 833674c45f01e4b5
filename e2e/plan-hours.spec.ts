import { checkAndShootEverySize } from "./a11y-helpers";
import { companyIdOf, csrfHeaders, signInStaff, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, signInPage, SCREENSHOT_DIR, test } from "./fixtures";

// This spec changes a plan on sale, which the pricing page shows: playwright.config.ts runs it in a
// project of its own, after every other spec, so that none reads the plans while they change.
test("staff edit a plan's hours on the Pricing plans screen; a client on the plan sees them on /billing, and so does the pricing page", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const owner = { email: `owner-plan-hours-${stamp}@client.test`, password: "client-password-1" };
  const companyName = `Plan hours ${stamp}`;
  const client = await signUpClient(owner.email, owner.password, companyName);
  await client.dispose();
  const staffApi = await signInStaff();
  const companyId = await companyIdOf(companyName, staffApi);
  const subscribed = await staffApi.post(`/api/staff/companies/${companyId}/subscription`, {
    headers: await csrfHeaders(staffApi),
    data: { planSlug: "growth", interval: "monthly", trialDays: 0 },
  });
  expect(subscribed.status()).toBe(201);
  await staffApi.dispose();

  // Staff open the screen from the agency's navigation.
  await signInStaffPage(page);
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Pricing plans" }).click();
  await expect(page).toHaveURL("/admin/pricing");
  await expect(page.getByRole("heading", { name: "Pricing plans", level: 1 })).toBeVisible();
  const growth = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Growth", level: 2 }) });
  await expect(growth).toContainText("Included each month10h");
  await expect(growth).toContainText(/\d+ clients? (is|are) on this plan/);
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "plan-hours");

  await growth.getByRole("button", { name: "Edit hours for Growth" }).click();
  const form = growth.getByRole("form", { name: "Growth plan's hours terms" });
  await expect(form.getByLabel("Included each month")).toHaveValue("10h");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "plan-hours-edit");
  await form.getByLabel("Included each month").fill("12h");
  await form.getByLabel("Extra time per hour (EUR)").fill("120");
  await form.getByRole("button", { name: "Save Growth's hours" }).click();
  await expect(page.getByText("The Growth plan's hours are saved.")).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(growth).toContainText("Included each month12h");
  await expect(growth).toContainText("Extra time€120.00 an hour");

  // The client on the plan, without terms of its own, has the new included hours this period.
  const clientPage = await (await browser.newContext()).newPage();
  await signInPage(clientPage, owner.email, owner.password, { next: "/billing" });
  const included = clientPage.getByText("Included", { exact: true }).locator("xpath=..");
  await expect(included).toHaveText("Included12h");

  // The pricing page reads the plans: it says the new hours too.
  await clientPage.goto("/pricing");
  const card = clientPage
    .getByRole("listitem")
    .filter({ has: clientPage.getByRole("heading", { name: "Growth", level: 3 }) });
  await expect(card).toContainText("12 hours of changes, fixes and support a month");
  await expect(card).toContainText("Extra hours at €120 an hour");
  await clientPage.context().close();
});
