import { AXE_TAGS, expectNoSeriousAxeViolations } from "./a11y-helpers";
import { expect, signUpAndConfirm, test } from "./fixtures";
import type { Page } from "@playwright/test";

/**
 * Runs axe on the page as it is now, in the light theme (every rule, WCAG 2.2 too), then again
 * in the dark theme (contrast only: nothing else depends on the theme). Fails on any serious or
 * critical violation.
 */
async function expectNoSeriousViolations(page: Page, what: string) {
  await expectNoSeriousAxeViolations(page, { tags: [...AXE_TAGS, "wcag22aa"], label: `${what} [light]` });
  // No colour transitions: axe must see the dark colours, not a frame on the way there.
  const still = await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  try {
    await expectNoSeriousAxeViolations(page, { rules: ["color-contrast"], label: `${what} [dark]` });
  } finally {
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await still.evaluate((style) => (style as Element).remove());
  }
}

// axe on a 2-core machine shared with other work is slow: allow more than the default.
test.describe.configure({ timeout: 60_000 });
test.use({ colorScheme: "light" });

const SIGNED_OUT_PAGES: { name: string; path: string; heading: string | RegExp }[] = [
  { name: "home", path: "/", heading: /automat/i },
  { name: "sign in", path: "/secure-login", heading: "Welcome back" },
  { name: "create account", path: "/secure-login?mode=signup", heading: "Create your account" },
  { name: "forgot password", path: "/secure-login?mode=forgot", heading: "Reset your password" },
  { name: "resend confirmation", path: "/secure-login?mode=resend", heading: "Resend confirmation" },
  { name: "link expired", path: "/link-expired?link=confirm&reason=used", heading: /This link was already used/ },
  { name: "reset password", path: "/reset-password?token=x", heading: "Choose a new password" },
  { name: "guard card", path: "/secure-dashboard", heading: "Authentication Required" },
];

test.describe("accessibility", () => {
  for (const { name, path, heading } of SIGNED_OUT_PAGES) {
    test(`${name} (${path})`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
      await expectNoSeriousViolations(page, `${name} (${path})`);
    });
  }

  test("forms showing their errors, then check-your-inbox", async ({ page, uniqueEmail }) => {
    await page.goto("/secure-login?mode=signup");
    await page.getByLabel("Work email").fill("not-an-email");
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await expect(page.getByText("Invalid email")).toBeVisible();
    await expectNoSeriousViolations(page, "create account with errors");

    await page.getByLabel("Work email").fill(uniqueEmail("axe"));
    await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
    await expectNoSeriousViolations(page, "check your inbox");
  });

  test("signed-in dashboard", async ({ page, uniqueEmail }) => {
    await signUpAndConfirm(page, { email: uniqueEmail("axe-dash") });
    await page.goto("/secure-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(/Signed in as/)).toBeVisible();
    await expectNoSeriousViolations(page, "dashboard");
  });
});
