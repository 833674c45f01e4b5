import { checkAndShootEverySize } from "./a11y-helpers";
import { expect, mailsFor, SCREENSHOT_DIR, signUpAndConfirm, test } from "./fixtures";
import type { Page } from "@playwright/test";

/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform authenticator
 * that keeps discoverable credentials and verifies the user, as a laptop's fingerprint reader does.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const credentials = async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials.map((c) => c.isResidentCredential);
  return { credentials };
}

test("a client adds a passkey, signs in with it alone, and removes it", async ({ page, uniqueEmail }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("passkey");
  const authenticator = await addVirtualAuthenticator(page);
  await signUpAndConfirm(page, { email });
  await page.goto("/account");
  const card = page.locator("#passkeys");
  await expect(card.getByText("No passkeys yet: signing in asks for your password.")).toBeVisible();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "passkeys-none");

  await card.getByRole("button", { name: "Add a passkey" }).click();
  const form = card.getByRole("form", { name: "Add a passkey" });
  await form.getByRole("button", { name: "Create passkey" }).click();
  await expect(form.getByText("Give the passkey a name, for example Work laptop")).toBeVisible();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "passkeys-add");
  await form.getByLabel("Passkey name").fill("Work laptop");
  await form.getByRole("button", { name: "Create passkey" }).click();
  const list = card.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByText("Work laptop")).toBeVisible();
  await expect(form).toHaveCount(0);
  // A discoverable credential: "Sign in with a passkey" needs no email.
  expect(await authenticator.credentials()).toEqual([true]);
  await expect
    .poll(async () => (await mailsFor(page.request, email)).map((m) => m.kind))
    .toContain("second-factor-added");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "passkeys-listed");

  // Signed out, the passkey alone signs in: no email, no password, no code.
  await page.context().clearCookies({ name: /session/ });
  await page.goto("/secure-login");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "passkeys-sign-in");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/secure-dashboard");

  await page.goto("/account");
  await card.getByRole("button", { name: "Remove passkey Work laptop" }).click();
  const confirm = page.getByRole("dialog", { name: 'Remove the passkey "Work laptop"?' });
  await expect(confirm).toBeVisible();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "passkeys-remove");
  await confirm.getByRole("button", { name: "Remove passkey" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card.getByText("No passkeys yet: signing in asks for your password.")).toBeVisible();
  await expect
    .poll(async () => (await mailsFor(page.request, email)).map((m) => m.kind))
    .toContain("second-factor-removed");

  // The server no longer knows the passkey the browser still holds: it is refused readably.
  await page.context().clearCookies({ name: /session/ });
  await page.goto("/secure-login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That passkey could not sign you in. Try again, or sign in with your password.",
  );
});
