import { clientOnStarterPlan, shootBilling as shoot } from "./billing-fixtures";
import { expect, mailsFor, test } from "./fixtures";

test("the owner sees the next invoice, confirms an upgrade's cost before it happens, and staff end the plan with the period", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { owner, companyName, staff, signInOwner } = await clientOnStarterPlan(browser, "consent");

  // The owner sees what the next invoice holds before it is issued.
  await signInOwner(page, "/billing");
  const next = page.getByRole("region", { name: "Next invoice" });
  await expect(next).toContainText("Starter plan, monthly");
  await expect(next).toContainText("Total");

  // Choosing a dearer plan shows the difference and what is charged now, and waits for consent.
  await page.getByLabel("Change plan").selectOption({ label: "Growth: €1,290.00 a month" });
  await page.getByRole("button", { name: "Review the change" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade to Growth?" });
  await expect(dialog).toContainText(
    /Upgrade to Growth: €800\.00 more a month; €[\d,.]+ now for the rest of this period\./,
  );
  await shoot(page, "upgrade-confirm");
  await dialog.getByRole("button", { name: "Confirm: Growth" }).click();
  await expect(page.getByText("You are on the Growth plan now.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(next).toContainText("Upgrade from Starter to Growth");
  await expect(next).toContainText("Growth plan, monthly");
  await expect
    .poll(async () => (await mailsFor(request, owner.email)).filter((m) => m.kind === "subscription-changed").length)
    .toBe(1);

  // The owner fills in the legal details the invoices will carry.
  await page.getByLabel("Legal name").fill(`${companyName} B.V.`);
  await page.getByLabel("Address").fill("Keizersgracht 1\n1015 AA Amsterdam");
  await page.getByLabel("VAT number").fill("NL123456789B01");
  await page.getByRole("button", { name: "Save legal details" }).click();
  await expect(page.getByText("The legal details on invoices are saved.")).toBeVisible();
  await shoot(page, "owner-next-invoice");

  // Staff see the same next invoice, and end the plan with the period.
  await staff.reload();
  const staffNext = staff.getByRole("region", { name: "Next invoice" });
  await expect(staffNext).toContainText("Upgrade from Starter to Growth");
  await staff.getByRole("button", { name: "Cancel at the period's end" }).click();
  const cancel = staff.getByRole("dialog", { name: "Cancel at the period's end?" });
  await expect(cancel).toContainText("nothing more is billed after that day");
  await cancel.getByRole("button", { name: "Cancel at the period's end" }).click();
  await expect(cancel).toBeHidden();
  await expect(staff.getByRole("button", { name: "Call off the cancellation" })).toBeVisible();
  // The plan no longer renews: the next invoice holds only the proration, for staff to issue.
  await expect(staffNext).not.toContainText("Growth plan, monthly");
  await expect(staffNext).toContainText("Upgrade from Starter to Growth");
  await shoot(staff, "staff-tab");
  await staff.context().close();
});
