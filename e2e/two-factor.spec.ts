import { Secret, TOTP } from "otpauth";
import { checkAndShootEverySize } from "./a11y-helpers";
import { freshIp } from "./automation-fixtures";
import { expect, fillSignIn, mailsFor, PASSWORD, SCREENSHOT_DIR, signUpAndConfirm, test } from "./fixtures";
import type { Page } from "@playwright/test";

/**
 * The codes of an app set up in the browser, computed here from the secret the screen shows (as a
 * phone would): each code works once, and the server takes those of the current 30-second step and
 * the steps either side, so the journey uses them in turn.
 */
function appFromSecret(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  const used = new Set<number>();
  const codeAt = (offset: number) => totp.generate({ timestamp: Date.now() + offset * 30_000 });
  /** A code the app does not show now, nor in the steps either side. */
  const wrong = () => ["000000", "111111", "222222"].find((code) => ![-1, 0, 1].map(codeAt).includes(code))!;
  const next = () => {
    const now = Math.floor(Date.now() / 30_000);
    const step = [now, now + 1, now - 1].find((candidate) => !used.has(candidate));
    if (step === undefined) throw new Error("every code the server takes now was used");
    used.add(step);
    return totp.generate({ timestamp: step * 30_000 });
  };
  return { next, wrong };
}

async function signOut(page: Page) {
  await page.context().clearCookies({ name: /session/ });
  await page.goto("/secure-login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
}

test("a client sets up an authenticator app, signs in with its code and with a recovery code", async ({
  page,
  browser,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("totp");
  await signUpAndConfirm(page, { email });
  await page.goto("/account");
  const card = page.locator("#two-factor");
  await card.getByRole("button", { name: "Set up an authenticator app" }).click();
  await card.getByLabel("Your password").fill(PASSWORD);
  await card.getByRole("button", { name: "Continue" }).click();

  await expect(card.getByRole("img", { name: "QR code of your authenticator app's secret" })).toBeVisible();
  const secret = (await card.locator("code").textContent())!.trim();
  const app = appFromSecret(secret);
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "two-factor-setup");

  await card.getByLabel("Code from the app").fill(app.wrong());
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(card.getByRole("alert")).toHaveText("That code is not right. Check it and try again.");
  await card.getByLabel("Code from the app").fill(app.next());
  await card.getByRole("button", { name: "Turn on" }).click();
  const codes = card.getByRole("region", { name: "Your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  const download = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download the recovery codes" }).click();
  expect((await download).suggestedFilename()).toBe("cogwork-recovery-codes.txt");
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "two-factor-recovery-codes");
  await card.getByRole("button", { name: "I have saved them" }).click();
  await expect(card.getByText("On: signing in asks for a code from your authenticator app.")).toBeVisible();
  await expect
    .poll(async () => (await mailsFor(page.request, email)).map((m) => m.kind))
    .toContain("second-factor-added");

  // Signing in: the password, then the app's code.
  await signOut(page);
  await fillSignIn(page, email, PASSWORD);
  const step = page.getByRole("form", { name: "Second step of signing in" });
  await expect(step.getByLabel("Authentication code")).toBeFocused();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "two-factor-sign-in");
  await step.getByLabel("Authentication code").fill("12345");
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(step.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await step.getByLabel("Authentication code").fill(app.next());
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/secure-dashboard");

  // Another browser, with a recovery code.
  const other = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": freshIp() },
  });
  const second = await other.newPage();
  await second.goto("/secure-login");
  await fillSignIn(second, email, PASSWORD);
  await second.getByRole("button", { name: "Use a recovery code" }).click();
  await second.getByLabel("Recovery code").fill(recoveryCodes[0]!);
  await second.getByRole("button", { name: "Verify" }).click();
  await expect(second).toHaveURL((url) => url.pathname === "/secure-dashboard");
  await other.close();
});
