import { CONTACT_RATE_LIMIT } from "../src/shared/contact";
import { checkAndShootEverySize } from "./a11y-helpers";
import { baseURL, csrfHeaders } from "./automation-fixtures";
import { expect, SCREENSHOT_DIR, signUpAndConfirm, test } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

test("the contact form's limit message offers nothing it cannot give", async ({ page, request }) => {
  // The page and `request` share this test's client address: fill its hourly budget first.
  for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
    const sent = await request.post("/api/contact", {
      headers: { origin: baseURL, ...(await csrfHeaders(request)) },
      data: { name: "Dana", email: `burst-${i}-${Date.now()}@example.com`, message: "Please automate our invoices." },
    });
    expect(sent.status()).toBe(201);
  }
  await page.goto("/contact");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name").fill("Dana Example");
  await form.getByLabel("Work email").fill(`dana-${Date.now()}@example.com`);
  await form.getByLabel("What should we automate?").fill("Every Friday we retype 40 invoices.");
  await form.getByRole("button", { name: "Send message" }).click();
  const alert = form.getByRole("alert").filter({ hasText: "several messages" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/Please wait \d+ minutes and try again\.$/);
  await expect(alert).not.toContainText(/email us/i);
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "first-hour-contact-limit");
  // On the full page the sticky header covers the message: the screen with the message in its middle.
  await alert.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SCREENSHOT_DIR}first-hour-contact-limit-message.png`, animations: "disabled" });
});

test("a refused current password is not left beside a new, different error", async ({ page, uniqueEmail }) => {
  await signUpAndConfirm(page, { email: uniqueEmail("pw") });
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password", { exact: true }).fill("not my password 1");
  await form.getByLabel("New password", { exact: true }).fill("a brand new password");
  await form.getByLabel("Repeat the new password").fill("a brand new password");
  await form.getByRole("button", { name: "Change password" }).click();
  const stale = form.getByText("Your current password is not correct.");
  await expect(stale).toBeVisible();

  // Editing the fields again takes the server's answer away: it was about other values.
  await form.getByLabel("Repeat the new password").fill("a different password");
  await expect(stale).toHaveCount(0);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Passwords do not match")).toBeVisible();
  await expect(stale).toHaveCount(0);
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "first-hour-password-mismatch");
});
