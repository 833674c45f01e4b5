import fs from "node:fs";
import { clientOnStarterPlan, shootBilling as shoot } from "./billing-fixtures";
import { expect, mailsFor, test } from "./fixtures";

test("staff bill a client for a month: the invoice is mailed with its PDF, the owner downloads it, staff mark it paid", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // Staff put the company on a plan, without a trial: the period's invoice is issued at once.
  const { stamp, owner, staff, signInOwner } = await clientOnStarterPlan(browser, "billing");
  const invoices = staff.getByRole("region", { name: /invoices/i });
  const link = invoices.getByRole("link", { name: /^Invoice \d{4}-\d{4}$/ }).first();
  const number = /\d{4}-\d{4}/.exec((await link.textContent()) ?? "")![0];

  // It went out by email with its PDF attached.
  await expect
    .poll(async () => (await mailsFor(request, owner.email)).filter((m) => m.kind === "invoice-issued").length)
    .toBe(1);
  const [mail] = (await mailsFor(request, owner.email)).filter((m) => m.kind === "invoice-issued") as unknown as {
    subject: string;
    attachments: { filename: string; contentType: string }[];
  }[];
  expect(mail!.subject).toContain(number);
  expect(mail!.attachments).toEqual([
    expect.objectContaining({ filename: `invoice-${number}.pdf`, contentType: "application/pdf" }),
  ]);

  // The owner finds it waiting on the home screen, opens it and downloads its PDF.
  await signInOwner(page);
  await expect(page.getByText("Plan usage")).toBeVisible();
  await expect(page.getByRole("meter", { name: "Runs this period" })).toBeVisible();
  const attention = page.getByRole("region", { name: "Needs your attention" });
  await expect(attention).toContainText("Unpaid");
  await attention.getByRole("link", { name: `Invoice ${number}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Invoice lines" })).toContainText("Starter");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  await shoot(page, "invoice");

  // Staff record the transfer; the owner sees the invoice paid.
  await staff.reload();
  await staff.getByRole("button", { name: `Mark paid invoice ${number}` }).click();
  await staff.getByLabel("Reference").fill(`Transfer ${stamp}`);
  await staff.getByRole("dialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(staff.getByText(`Invoice ${number} is paid.`)).toBeVisible();
  await page.goto("/billing");
  const row = page.getByRole("region", { name: "Your invoices" }).getByRole("row", { name: new RegExp(number) });
  await expect(row).toContainText("Paid");
  await shoot(page, "client");
  await page.goto("/secure-dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Needs your attention" })).toHaveCount(0);
  await staff.context().close();
});
