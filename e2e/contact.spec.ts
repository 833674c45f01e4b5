import { expect, mailsFor, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** On localhost (a posture host) prerendered pages start the app after their first paint: wait until it has hydrated. */
const hydrated = (page: Page) =>
  expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });

test("shows each validation message from the shared rules", async ({ page }) => {
  await page.goto("/contact");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Required")).toHaveCount(3);

  await form.getByLabel("Name").fill("x".repeat(256));
  await form.getByLabel("Work email").fill("not-an-email");
  await form.getByLabel("Phone (optional)").fill("0".repeat(21));
  await form.getByLabel("Website (optional)").fill("acme dot com");
  await form.getByLabel("What should we automate?").fill("x".repeat(2001));
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("String must contain at most 255 character(s)")).toBeVisible();
  await expect(form.getByText("Invalid email")).toBeVisible();
  await expect(form.getByText("String must contain at most 20 character(s)")).toBeVisible();
  await expect(form.getByText("Invalid url")).toBeVisible();
  await expect(form.getByText("String must contain at most 2000 character(s)")).toBeVisible();
  await expect(form.getByLabel("Work email")).toHaveAttribute("aria-invalid", "true");
});

test("a sent message is confirmed in place of the form, is stored and acknowledged by email", async ({
  page,
  request,
}) => {
  const email = `lead-${Date.now()}@example.com`;
  await page.goto("/contact");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name").fill("Dana Example");
  await form.getByLabel("Work email").fill(email);
  await form.getByLabel("Company (optional)").fill("Example GmbH");
  await form.getByLabel("Website (optional)").fill("https://example.com");
  await form
    .getByLabel("What should we automate?")
    .fill("Every Friday we retype 40 invoices from the CRM into accounting.");
  await form.getByRole("button", { name: "Send message" }).click();

  const sent = page.getByRole("status").filter({ hasText: "Thank you, your message is on its way" });
  await expect(sent).toContainText(`We sent a confirmation to ${email}`);
  await expect(form).toBeHidden();
  // It lasts: no toast that fades after four seconds.
  await page.waitForTimeout(4500);
  await expect(sent).toBeVisible();

  // The acknowledgement is written in the same transaction as the lead: its presence proves the lead was stored.
  const messages = await mailsFor(request, email);
  expect(messages.map((m) => m.kind)).toEqual(["contact-ack"]);
  expect(messages[0]!.subject).toBe("We received your message");
  expect(messages[0]!.text).toContain("we retype 40 invoices");
});

test("a bot filling the honeypot gets the same success and nothing is stored", async ({ page, request }) => {
  const email = `bot-${Date.now()}@example.com`;
  await page.goto("/contact");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name").fill("Bot");
  await form.getByLabel("Work email").fill(email);
  await form.getByLabel("What should we automate?").fill("Buy cheap watches");
  await page.locator("#contact-fax").fill("555-0100", { force: true });
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thank you, your message is on its way")).toBeVisible();
  expect(await mailsFor(request, email)).toEqual([]);
});
