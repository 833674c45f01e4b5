import { PASSWORD, expect, fillSignIn, mailsFor, pathOf, readLink, signUp, signUpAndConfirm, test } from "./fixtures";

// Whole flows on a 2-core machine shared with other work: allow them more than the default.
test.describe.configure({ timeout: 60_000 });

test.describe("sign up and confirmation links", () => {
  test("sign up, confirm by email, reach the dashboard, sign out; the link then works no more", async ({
    page,
    uniqueEmail,
  }) => {
    const email = uniqueEmail("ann");

    await test.step("sign up on the Create account tab", async () => {
      await page.goto("/secure-login");
      await page.getByRole("tab", { name: "Create account" }).click();
      await expect(page).toHaveURL(/mode=signup/);
      await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
      await page.getByLabel("Your name").fill("Ann Example");
      await page.getByLabel("Company").fill("Example Ltd");
      await page.getByLabel("Work email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Create account", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
    });

    const link = await readLink(page.request, email, "confirm-email");

    await test.step("the confirmation link lands on / signed in, welcomed", async () => {
      await page.goto(pathOf(link));
      await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
      await expect(page.getByRole("status").filter({ hasText: "Your email is confirmed, welcome." })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
    });

    await test.step("the dashboard opens", async () => {
      await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
      await expect(page).toHaveURL(/\/secure-dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(page.getByText(`Signed in as ${email}`, { exact: false })).toBeVisible();
    });

    await test.step("sign out returns to /secure-login", async () => {
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/secure-login$/);
      await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
      await page.goto("/secure-dashboard");
      await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    });

    await test.step("replaying the link shows 'already used' with a resend form", async () => {
      await page.goto(pathOf(link));
      await expect(page).toHaveURL(/\/link-expired\?link=confirm&reason=used$/);
      await expect(page.getByRole("heading", { name: /This link was already used/ })).toBeVisible();
      await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Send a new confirmation link" })).toBeEnabled();
      // Replaying must not have signed the visitor back in.
      await page.goto("/secure-dashboard");
      await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    });
  });

  test("a forged confirmation link lands on /link-expired: not valid", async ({ page }) => {
    await page.goto("/api/auth/verify-email?token=forged&callbackURL=%2F");
    await expect(page).toHaveURL(/\/link-expired\?link=confirm&reason=invalid$/);
    await expect(page.getByRole("heading", { name: /This link is not valid/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send a new confirmation link" })).toBeVisible();
  });

  // Links live at least a minute, too long to wait for here: the server's side of expiry
  // (a link past its lifetime redirects here with reason=expired and confirms nobody) is
  // covered by the Vitest integration suite. This checks what the visitor then sees.
  test("the expired-link screen offers a new link and confirms the request neutrally", async ({
    page,
    uniqueEmail,
  }) => {
    const email = uniqueEmail("expired");
    await page.goto("/link-expired?link=confirm&reason=expired");
    await expect(page.getByRole("heading", { name: /This link has expired/ })).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send a new confirmation link" }).click();
    await expect(page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: email })).toContainText(
      `If ${email} has an account waiting for confirmation, a new link is on its way.`,
    );
    await expect(page.getByRole("button", { name: /You can send again in \d+ s/ })).toBeDisabled();
  });

  test("sign-up with an address that has an account answers the same; the owner is told by email", async ({
    page,
    uniqueEmail,
  }) => {
    const email = uniqueEmail("owner");
    await signUpAndConfirm(page, { email });
    await page.context().clearCookies();

    await signUp(page, email, "another password entirely");
    await expect(page.getByText(email)).toBeVisible();
    await readLink(page.request, email, "existing-account");
    // No second account and no second confirmation link were made.
    expect(await mailsFor(page.request, email, "confirm-email")).toHaveLength(1);

    // The owner's password still works; the intruder's does not.
    await page.goto("/secure-login");
    await fillSignIn(page, email, "another password entirely");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await fillSignIn(page, email, PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});

test.describe("sign in", () => {
  test("a wrong password and an unknown email give one identical message", async ({ page, uniqueEmail }) => {
    const email = uniqueEmail("known");
    await signUpAndConfirm(page, { email });
    await page.context().clearCookies();
    await page.goto("/secure-login");

    await fillSignIn(page, email, "not the password");
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("Invalid email or password.");

    await fillSignIn(page, uniqueEmail("nobody"), "not the password");
    // The alert is cleared and rendered again for the second attempt.
    await expect(alert).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/secure-login$/);
  });

  test("before confirming: told to confirm first, can resend, then sees the cooldown", async ({
    page,
    uniqueEmail,
  }) => {
    const email = uniqueEmail("pending");
    await signUp(page, email);
    await readLink(page.request, email, "confirm-email");

    await page.goto("/secure-login");
    await fillSignIn(page, email, PASSWORD);
    await expect(page.getByText("Please confirm your email address first")).toBeVisible();
    const resend = page.getByRole("button", { name: "Resend confirmation email" });
    await resend.click();

    await expect(page.getByRole("button", { name: /^Resend available in \d+ s$/ })).toBeDisabled();
    await expect(page.getByText(`A new link is on its way to ${email}.`)).toBeVisible();
    await readLink(page.request, email, "confirm-email", { count: 2 });
    await expect(page).toHaveURL(/\/secure-login$/);
  });
});

test.describe("resend confirmation form", () => {
  test("answers alike for unknown, waiting and confirmed addresses", async ({ page, uniqueEmail }) => {
    const confirmed = uniqueEmail("confirmed");
    await signUpAndConfirm(page, { email: confirmed });
    await page.context().clearCookies();
    const waiting = uniqueEmail("waiting");
    await signUp(page, waiting);
    await readLink(page.request, waiting, "confirm-email");
    const unknown = uniqueEmail("unknown");

    const answers: string[] = [];
    for (const email of [unknown, waiting, confirmed]) {
      await page.goto("/secure-login?mode=resend");
      await expect(page.getByRole("heading", { name: "Resend confirmation" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Send a new link" }).click();
      const answer = page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: email });
      await expect(answer).toBeVisible();
      answers.push(((await answer.textContent()) ?? "").replace(email, "<email>"));
      await expect(page.getByRole("button", { name: /You can send again in \d+ s/ })).toBeDisabled();
    }
    expect(new Set(answers).size, answers.join(" | ")).toBe(1);
    expect(answers[0]).toBe("If <email> has an account waiting for confirmation, a new link is on its way.");

    // Only the address waiting for confirmation got a new link.
    await readLink(page.request, waiting, "confirm-email", { count: 2 });
    expect(await mailsFor(page.request, unknown)).toHaveLength(0);
    expect(await mailsFor(page.request, confirmed, "confirm-email")).toHaveLength(1);
  });
});

test.describe("forgot and reset password", () => {
  test("reset by email link; the new password works, the old one and the link do not", async ({
    page,
    request,
    uniqueEmail,
  }) => {
    const email = uniqueEmail("forgetful");
    const newPassword = "a brand new passphrase";
    await signUpAndConfirm(page, { email });
    const oldSessionCookie = (await page.context().cookies())
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
    await page.context().clearCookies();

    await test.step("ask for a reset link", async () => {
      await page.goto("/secure-login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(
        page.getByText(`If an account exists for ${email}, a link to reset its password is on its way.`),
      ).toBeVisible();
    });

    const link = await readLink(page.request, email, "reset-password");

    await test.step("choose a new password", async () => {
      await page.goto(pathOf(link));
      await expect(page).toHaveURL(/\/reset-password\?token=/);
      await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Repeat the new password").fill(newPassword);
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect(page.getByRole("heading", { name: "Your password was changed" })).toBeVisible();
      await readLink(page.request, email, "password-changed");
    });

    await test.step("the session from before the reset has ended", async () => {
      const answer = await request.get("/api/auth/get-session", { headers: { cookie: oldSessionCookie } });
      expect(await answer.json()).toBeNull();
    });

    await test.step("the old password fails, the new one works", async () => {
      await page.getByRole("link", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/secure-login$/);
      await fillSignIn(page, email, PASSWORD);
      await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
      await fillSignIn(page, email, newPassword);
      await expect(page).toHaveURL(/\/secure-dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    });

    await test.step("the reset link works once", async () => {
      await page.goto(pathOf(link));
      await expect(page).toHaveURL(/\/link-expired\?link=reset&reason=/);
      await expect(page.getByRole("heading", { name: /This link (is not valid|was already used)/ })).toBeVisible();
      await expect(page.getByRole("button", { name: "Send a new reset link" })).toBeVisible();
    });
  });
});

test.describe("client-side validation", () => {
  test("the forms explain what is wrong before anything is sent", async ({ page }) => {
    const authCalls: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/auth/")) authCalls.push(request.url());
    });

    await test.step("sign in", async () => {
      await page.goto("/secure-login");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Required");
      await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription("Required");
      await page.getByLabel("Email", { exact: true }).fill("not-an-email");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByText("Invalid email")).toBeVisible();
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    });

    await test.step("create account", async () => {
      await page.getByRole("tab", { name: "Create account" }).click();
      await page.getByLabel("Work email").fill("someone@");
      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByRole("button", { name: "Create account", exact: true }).click();
      await expect(page.getByLabel("Work email")).toHaveAccessibleDescription("Invalid email");
      await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
        "String must contain at least 8 character(s)",
      );
    });

    await test.step("forgot password", async () => {
      await page.goto("/secure-login?mode=forgot");
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Required");
    });

    await test.step("reset password", async () => {
      await page.goto("/reset-password?token=x");
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription("Required");
      await expect(page.getByLabel("Repeat the new password")).toHaveAccessibleDescription("Required");
      await page.getByLabel("New password", { exact: true }).fill("long enough password");
      await page.getByLabel("Repeat the new password").fill("a different password");
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect(page.getByText("Passwords do not match")).toBeVisible();
      await expect(page.getByLabel("Repeat the new password")).toHaveAccessibleDescription("Passwords do not match");
    });

    expect(authCalls).toEqual([]);
  });
});
