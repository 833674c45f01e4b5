import { request as playwrightRequest, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./a11y-helpers";
import {
  companyIdOf,
  freshIp,
  registerAutomationWithRuns,
  signInStaff,
  signUpClient,
  baseURL,
} from "./automation-fixtures";
import { expect, mailsFor, pathOf, SCREENSHOT_DIR, signInPage, staffAccount, test } from "./fixtures";

const PASSWORD = "client-password-1";

/** A client company with one member, and an automation of it that fails three times in a row (an alert). */
async function clientWithFailingAutomation(
  tag: string,
  { before }: { before?: (email: string) => Promise<void> } = {},
) {
  const email = `${tag}-${Date.now()}@client.test`;
  const companyName = `Alerts ${tag} ${Date.now()}`;
  const client = await signUpClient(email, PASSWORD, companyName);
  await client.dispose();
  await before?.(email);
  const staff = await signInStaff();
  const name = `Payroll export ${tag} ${Date.now()}`;
  const runs = [1, 2, 3].map((n) => ({
    externalRunId: `${tag}-${n}`,
    status: "failed",
    startedAt: new Date(Date.now() - (10 - n) * 60_000).toISOString(),
    errorMessage: "The bank portal was down.",
  }));
  await registerAutomationWithRuns(
    staff,
    await companyIdOf(companyName, staff),
    {
      name,
      purpose: "Exports payroll.",
      platform: "n8n",
      triggerDescription: "Daily",
      minutesSavedPerRun: 5,
      status: "live",
    },
    runs,
  );
  await staff.dispose();
  return { email, name };
}

async function shoot(page: Page, name: string) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${viewport.width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}

test("a member turns off alerts in the portal, and the next alert does not reach them", async ({ page, request }) => {
  test.setTimeout(120_000);
  const alerts = page.getByRole("group", { name: "Alert emails" });
  const { email, name } = await clientWithFailingAutomation("portal-off", {
    before: async (address) => {
      await signInPage(page, address, PASSWORD, { next: "/account" });
      await expect(alerts.getByRole("radio", { name: "All alerts" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Weekly digest" })).toBeChecked();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("heading", { name: "Notifications" }).scrollIntoViewIfNeeded();
      await shoot(page, "account-notifications");
      await alerts.getByRole("radio", { name: "No alerts" }).check();
      await page.getByRole("button", { name: "Save preferences" }).click();
      await expect(page.getByText("Your email preferences were saved.")).toBeVisible();
      await page.reload();
      await expect(alerts.getByRole("radio", { name: "No alerts" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Weekly digest" })).toBeChecked();
    },
  });
  // The agency hears of the failures; the member who chose no alerts does not.
  const named = async (to: string) =>
    (await mailsFor(request, to, "automation-failing")).filter((m) => m.subject.includes(name));
  await expect.poll(async () => (await named(staffAccount().email)).length).toBe(1);
  expect(await named(email)).toHaveLength(0);
});

test("the unsubscribe link of an alert email works without signing in", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { email, name } = await clientWithFailingAutomation("link-off");
  const [alert] = (await mailsFor(request, email, "automation-failing")).filter((m) => m.subject.includes(name));
  expect(alert!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const link = alert!.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)![0];

  // A browser that never signed in.
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": freshIp() } });
  const page = await context.newPage();
  await page.goto(pathOf(link));
  await expect(
    page.getByRole("heading", { name: "Unsubscribe from alert emails about your automations?" }),
  ).toBeVisible();
  await expect(page.getByText(`This stops alert emails about your automations to ${email}`)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "unsubscribe-ask");
  await page.getByRole("button", { name: "Stop alert emails" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "unsubscribe-done");

  // A mail client's one-click POST to the header's address: no cookie, no token, a form body. Harmless twice.
  const target = /^<(.+)>$/.exec(alert!.headers["List-Unsubscribe"]!)![1]!;
  const mailClient = await playwrightRequest.newContext({ baseURL });
  const res = await mailClient.post(pathOf(target), { form: { "List-Unsubscribe": "One-Click" } });
  expect(res.status(), await res.text()).toBe(200);
  await mailClient.dispose();

  // Signed in, the portal shows the one preference that changed.
  await signInPage(page, email, PASSWORD, { next: "/account" });
  await expect(
    page.getByRole("group", { name: "Alert emails" }).getByRole("radio", { name: "No alerts" }),
  ).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Weekly digest" })).toBeChecked();
  await context.close();
});

test("a forged unsubscribe link says so and changes nothing", async ({ page }) => {
  await page.goto("/unsubscribe?token=bm90LWEtdXNlcjphbGVydHM.forgedsignatureforgedsignatureforgedsig");
  await expect(page.getByRole("heading", { name: "This unsubscribe link is not valid" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Email preferences in your account" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
