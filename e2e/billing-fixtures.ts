import { checkAndShootEverySize } from "./a11y-helpers";
import { companyIdOf, freshIp, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, signInPage, SCREENSHOT_DIR } from "./fixtures";
import type { Browser, Page } from "@playwright/test";

/** Looks at a billing screen at every size and theme (axe included) and keeps its pictures. */
export const shootBilling = (page: Page, name: string) =>
  checkAndShootEverySize(page, SCREENSHOT_DIR, `billing-${name}`);

/**
 * A new client company with its owner, which staff put on the Starter plan without a trial from
 * its Billing tab (so its first period's invoice is issued at once). Staff's page, in its own
 * browser context, stays on that tab; the caller closes its context.
 */
export async function clientOnStarterPlan(browser: Browser, label: string) {
  const stamp = Date.now();
  const owner = { email: `owner-${label}-${stamp}@client.test`, password: "client-password-1" };
  const companyName = `Client ${label} ${stamp}`;
  await (await signUpClient(owner.email, owner.password, companyName)).dispose();
  const companyId = await companyIdOf(companyName);

  const staff = await (await browser.newContext()).newPage();
  await signInStaffPage(staff, { next: `/clients/${companyId}` });
  await staff.getByRole("tab", { name: "Billing" }).click();
  const putOnPlan = staff.getByRole("form", { name: "Put the client on a plan" });
  await putOnPlan.getByLabel("Plan").selectOption({ label: "Starter" });
  await putOnPlan.getByLabel("Trial days").fill("0");
  await putOnPlan.getByRole("button", { name: "Put on plan" }).click();
  await expect(staff.getByText("The client is on the Starter plan.")).toBeVisible();

  /** The owner signs in on `page`, from an address of their own (sign-in limits are per address). */
  const signInOwner = async (page: Page, next?: string) => {
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
    await signInPage(page, owner.email, owner.password, next ? { next } : undefined);
  };
  return { stamp, owner, companyName, companyId, staff, signInOwner };
}
