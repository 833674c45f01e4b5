import { expect, PASSWORD, signUpAndConfirm, staffAccount, test } from "./fixtures";
import { signInStaffWith } from "./staff-second-factor";
import type { Page } from "@playwright/test";

const banner = (page: Page) => page.getByRole("complementary", { name: "Security posture" });

/** The layout shifts the page saw, kept on its window by an init script. */
type WithShifts = { shifts: { at: number; value: number }[] };

test.describe("security posture banner", () => {
  test("shows the three checks as the server backs them", async ({ page }) => {
    await page.goto("/");
    await expect(banner(page)).toContainText("SECURITY POSTURE");
    await expect(banner(page)).toContainText("PROD");
    await expect(banner(page)).toContainText("CSRF Token:Active");
    await expect(banner(page)).toContainText("Content-Security-Policy:Strict");
    await expect(banner(page)).toContainText("Rate Limiting:Active");
    // 'Active' means a server-issued token really is in session storage.
    expect(await page.evaluate(() => sessionStorage.getItem("csrf_token"))).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  test("at 390 px shows all three checks without scrolling, is reachable by keyboard and shifts nothing", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      (window as unknown as WithShifts).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          startTime: number;
        }[])
          if (!entry.hadRecentInput)
            (window as unknown as WithShifts).shifts.push({
              at: entry.startTime,
              value: entry.value,
            });
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/pricing");
    await expect(banner(page)).toContainText("Rate Limiting:Active");
    for (const label of ["CSRF Token:", "Content-Security-Policy:", "Rate Limiting:"]) {
      await expect(banner(page).getByRole("listitem").filter({ hasText: label })).toBeInViewport({ ratio: 1 });
    }
    const box = await banner(page).evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      height: el.getBoundingClientRect().height,
      reserved: parseFloat(getComputedStyle(document.body).paddingTop),
    }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    // The banner fills exactly the room reserved before the first paint: nothing moves when it appears.
    expect(box.height).toBe(box.reserved);
    // Counted once the HTML is parsed, which is before the banner can load: a busy browser may paint a
    // half-parsed header (the logo before its name) and move it when the rest arrives, which is
    // the browser reading the page, not the banner arriving.
    const shiftsAfterParse = await page.evaluate(() => {
      const parsed = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domInteractive;
      return (window as unknown as WithShifts).shifts
        .filter((shift) => shift.at >= parsed)
        .reduce((sum, shift) => sum + shift.value, 0);
    });
    expect(shiftsAfterParse).toBe(0);
    let reached = false;
    for (let i = 0; i < 100 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await banner(page).evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
  });

  test("says 'Not present', 'Weak/missing' and 'Not enforced' when the server does not back them", async ({ page }) => {
    await page.route("/api/csrf", (route) => route.fulfill({ status: 503, body: "" }));
    // Nor with the session's answers.
    await page.route("/api/auth/**", async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers["x-csrf-token"];
      await route.fulfill({ response, headers });
    });
    await page.route("/api/security/posture", async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      headers["content-security-policy"] = "default-src 'self'; script-src 'self' 'unsafe-inline'";
      await route.fulfill({ response, headers, json: { csrf: { enforced: true }, rateLimiting: { enforced: false } } });
    });
    await page.goto("/");
    await expect(banner(page)).toContainText("CSRF Token:Not present");
    await expect(banner(page)).toContainText("Content-Security-Policy:Weak/missing");
    await expect(banner(page)).toContainText("Rate Limiting:Not enforced");
  });
});

test("a CSP violation in the page raises 'CSP Violation' and reaches the security log", async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.goto("/features");
  // The prerendered page starts the app after its load event; the listener comes with it.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const event = page.evaluate(
    () =>
      new Promise<{ type: string; directive?: string }>((resolve) =>
        window.addEventListener(
          "security-log",
          (e) => resolve((e as CustomEvent<{ type: string; directive?: string }>).detail),
          { once: true },
        ),
      ),
  );
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.body.append(script);
  });
  expect(await event).toMatchObject({ type: "CSP Violation", directive: "script-src-elem" });
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();

  const staff = await playwright.request.newContext({ baseURL });
  const { email, password } = staffAccount();
  await signInStaffWith(staff, baseURL!, { email, password });
  await expect
    .poll(
      async () => {
        const response = await staff.get("/api/admin/security-events?type=csp_violation");
        const { events } = (await response.json()) as { events: { path: string; details: { directive: string } }[] };
        return events.some((e) => e.path === "/features" && e.details.directive === "script-src-elem");
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  await staff.dispose();
});

test.describe("inactivity", () => {
  test("30 minutes without activity logs 'Session Timeout', ends the session and returns to sign-in", async ({
    page,
    uniqueEmail,
  }) => {
    await page.clock.install();
    await signUpAndConfirm(page, { email: uniqueEmail("idle") });
    await page.goto("/secure-dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    // The screen shows before its app runs (it is rendered on the server): the clock waits for the app.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    const event = page.evaluate(
      () =>
        new Promise<{ type: string; message: string }>((resolve) =>
          window.addEventListener(
            "security-log",
            (e) => resolve((e as CustomEvent<{ type: string; message: string }>).detail),
            { once: true },
          ),
        ),
    );
    await page.clock.fastForward("29:00");
    await expect(page).toHaveURL(/\/secure-dashboard$/);
    await page.mouse.move(10, 10);
    await page.mouse.move(40, 40);
    await page.clock.fastForward("29:00");
    await expect(page).toHaveURL(/\/secure-dashboard$/);
    await page.clock.fastForward("02:00");
    expect(await event).toMatchObject({ type: "Session Timeout", message: "User was logged out due to inactivity." });
    await expect(page).toHaveURL(/\/secure-login$/);
    // Ended on the server too: the cookie no longer opens anything.
    expect((await page.request.get("/api/me")).status()).toBe(401);
  });

  test("activity in another tab keeps every tab signed in", async ({ context, page, uniqueEmail }) => {
    await context.clock.install();
    await signUpAndConfirm(page, { email: uniqueEmail("tabs") });
    await page.goto("/secure-dashboard");
    const other = await context.newPage();
    await other.goto("/secure-dashboard");
    await expect(other.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    for (const tab of [page, other])
      await expect(tab.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    // The tabs share the last moment of activity through localStorage; each round waits until the
    // other tab's moves are recorded there before the clock jumps again (a busy machine may lag).
    const lastActivity = () => page.evaluate(() => Number(localStorage.getItem("cogwork:last-activity")));
    for (let i = 0; i < 3; i++) {
      const before = await lastActivity();
      await context.clock.fastForward("20:00");
      await other.mouse.move(20 + i, 20 + i);
      await other.mouse.move(60 + i, 60 + i);
      await expect.poll(lastActivity).toBeGreaterThan(before);
    }
    await expect(page).toHaveURL(/\/secure-dashboard$/);
    expect((await page.request.get("/api/me")).status()).toBe(200);
    expect(PASSWORD).toBeTruthy();
  });
});
