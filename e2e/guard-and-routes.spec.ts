import { expect, fillSignIn, signUpAndConfirm, test } from "./fixtures";

// Whole flows on a 2-core machine shared with other work: allow them more than the default.
test.describe.configure({ timeout: 60_000 });

const PROTECTED = [
  "/secure-dashboard",
  "/automation-plan",
  "/admin",
  "/clients",
  "/my-automations",
  "/billing",
  "/support",
] as const;

test.describe("the guard, signed out", () => {
  for (const path of PROTECTED) {
    test(`${path} asks the visitor to sign in`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
      await expect(page.getByText("Please sign in to access this area.")).toBeVisible();
      const signIn = page.getByRole("link", { name: "Sign In", exact: true });
      await expect(signIn).toHaveAttribute("href", /^\/secure-login(\?|$)/);
      // Nothing of the protected screen leaks out.
      await expect(page.getByRole("navigation", { name: "Portal" })).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test("'Checking Authentication' shows while the session request is pending", async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/get-session", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/support");
    await expect(page.getByRole("heading", { name: "Checking Authentication" })).toBeVisible();
    await expect(page.getByText("Please wait while we verify your session...")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toHaveCount(0);
    release();
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Checking Authentication" })).toHaveCount(0);
  });

  test("the Sign In button leads back to the wanted page after signing in", async ({ page, uniqueEmail }) => {
    const { email, password } = await signUpAndConfirm(page, { email: uniqueEmail("returning") });
    await page.context().clearCookies();

    await page.goto("/billing?tab=invoices");
    await page.getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/secure-login\?next=/);
    await fillSignIn(page, email, password);
    await expect(page).toHaveURL(/\/billing\?tab=invoices$/);
    await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  });

  test("a next= pointing off-site is ignored", async ({ page, uniqueEmail }) => {
    const { email, password } = await signUpAndConfirm(page, { email: uniqueEmail("offsite") });
    await page.context().clearCookies();
    await page.goto("/secure-login?next=%2F%2Fevil.example%2F");
    await fillSignIn(page, email, password);
    await expect(page).toHaveURL(/localhost:\d+\/secure-dashboard$/);
  });

  test("a next= whose dot segments hide another host lands on the dashboard, with no error screen", async ({
    page,
    uniqueEmail,
  }) => {
    const { email, password } = await signUpAndConfirm(page, { email: uniqueEmail("dotsegments") });
    await page.context().clearCookies();
    await page.goto("/secure-login?next=/..//evil.com");
    await fillSignIn(page, email, password);
    await expect(page).toHaveURL(/localhost:\d+\/secure-dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  });
});

test.describe("routes", () => {
  for (const [from, to] of [
    ["/login", "/secure-login"],
    ["/auth", "/secure-login"],
    ["/dashboard", "/secure-dashboard"],
  ] as const) {
    test(`${from} redirects to ${to}`, async ({ page }) => {
      const response = await page.goto(from);
      expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`${from}$`));
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.getByRole("heading").first()).toBeVisible();
    });
  }

  test("an unknown path shows 'Page not found' with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });
});

test.describe("signed in as a client", () => {
  test("staff screens say 'No access' and the staff API answers 403", async ({ page, uniqueEmail }) => {
    await signUpAndConfirm(page, { email: uniqueEmail("client") });
    for (const path of ["/admin", "/clients"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "No access" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to your dashboard" })).toBeVisible();
    }
    const status = await page.evaluate(
      async () => (await fetch("/api/admin/overview", { credentials: "same-origin" })).status,
    );
    expect(status).toBe(403);
    // The staff links are not offered to a client either.
    await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Clients" })).toHaveCount(
      0,
    );
  });

  test("the session survives a reload and a new page in the same browser", async ({ page, context, uniqueEmail }) => {
    await signUpAndConfirm(page, { email: uniqueEmail("steady") });
    await page.goto("/my-automations");
    await expect(page.getByRole("heading", { level: 1, name: "My automations" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "My automations" })).toBeVisible();

    const second = await context.newPage();
    await second.goto("/secure-dashboard");
    await expect(second.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    const cookies = await context.cookies();
    const sessionCookie = cookies.find((cookie) => cookie.name.includes("session_token"));
    expect(sessionCookie?.httpOnly).toBe(true);
    expect(sessionCookie?.sameSite).toBe("Lax");
    // Persistent, not a browser-session cookie: it outlives a browser restart. Its lifetime
    // is the 30-minute idle limit, slid forward while the session is used.
    expect(sessionCookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 25 * 60);
  });
});
