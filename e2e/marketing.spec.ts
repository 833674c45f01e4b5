import { PUBLIC_TEST_HOST } from "../playwright.config";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** On localhost (a posture host) prerendered pages start the app after their first paint: wait until it has hydrated. */
const hydrated = (page: Page) =>
  expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });

const PAGES = [
  {
    path: "/",
    heading: "Automations that run your busywork, and a portal that shows what they save.",
    title: "Cogwork · Business automations, built and run for you",
  },
  { path: "/features", heading: "The service, and the portal that makes it visible", title: "Features · Cogwork" },
  { path: "/pricing", heading: "Plans for running your automations", title: "Pricing · Cogwork" },
  { path: "/about", heading: "An agency for the work nobody should do by hand", title: "About · Cogwork" },
  { path: "/contact", heading: "Tell us what takes your team too long", title: "Contact · Cogwork" },
];

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const page of PAGES) {
    test(`${page.path} is in the served HTML with its title and description`, async ({ page: tab }) => {
      await tab.goto(page.path);
      await expect(tab.getByRole("heading", { level: 1 })).toHaveText(page.heading);
      await expect(tab).toHaveTitle(page.title);
      await expect(tab.locator('meta[name="description"]')).toHaveAttribute("content", /.{60,}/);
      await expect(tab.getByRole("navigation", { name: "Main" })).toBeVisible();
      // A visitor can create an account from every page's header, at every width, without the app.
      const create = tab.getByRole("banner").getByRole("link", { name: "Create account" });
      await expect(create).toBeVisible();
      await expect(create).toHaveAttribute("href", "/secure-login?mode=signup");
      await tab.setViewportSize({ width: 390, height: 844 });
      await expect(create).toBeInViewport();
      await expect(tab.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeInViewport();
      // The welcome after a confirmation link shows only when the page was reached from one.
      await expect(tab.getByText("Your email is confirmed, welcome.")).toBeHidden();
    });
  }

  test("monthly and yearly prices switch with no script at all", async ({ page }) => {
    await page.goto("/pricing");
    const starter = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Starter" }) });
    await expect(starter.getByText("€490", { exact: true })).toBeVisible();
    await page.getByText("Yearly", { exact: true }).click();
    await expect(starter.getByText("€4,900", { exact: true })).toBeVisible();
    await expect(starter.getByText("€490", { exact: true })).toBeHidden();
  });

  test("pricing lists the plans from the database", async ({ page }) => {
    await page.goto("/pricing");
    for (const name of ["Starter", "Growth", "Scale"])
      await expect(page.getByRole("heading", { name, level: 3 })).toBeVisible();
    await expect(page.getByText("€490", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Plan comparison" })).toBeVisible();
  });
});

test("hydrates without errors and navigates between pages", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto("/");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const target of PAGES.slice(1)) {
    await nav.getByRole("link", { name: target.title.split(" · ")[0] }).click();
    await expect(page).toHaveURL(target.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
    await expect(page).toHaveTitle(target.title);
  }
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/secure-login");
  expect(errors).toEqual([]);
});

test("pricing switches between monthly and yearly prices", async ({ page }) => {
  await page.goto("/pricing");
  await hydrated(page);
  const starter = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Starter" }) });
  await expect(starter.getByText("€490", { exact: true })).toBeVisible();
  await page.getByText("Yearly", { exact: true }).click();
  await expect(starter.getByText("€4,900", { exact: true })).toBeVisible();
  await expect(starter.getByText("per year")).toBeVisible();
});

test("the theme menu offers light, dark and system, and remembers the choice", async ({ page }) => {
  await page.goto("/about");
  await hydrated(page);
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await hydrated(page);
  await page.getByRole("button", { name: "Theme" }).click();
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("menuitemradio", { name: "Light" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test.describe("on a public hostname", () => {
  // Production serves the pages under its own name, not localhost: Chromium resolves this one
  // to the test server (playwright.config.ts).
  const host = PUBLIC_TEST_HOST;
  const publicUrl = (path: string) => `http://${host}:${new URL(test.info().project.use.baseURL!).port}${path}`;

  test("a page runs no app script until the visitor interacts, then hydrates", async ({ page }) => {
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto(publicUrl("/about"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES[3]!.heading);
    // The app's code is prefetched after the first paint, but nothing runs.
    await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached();
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
    // Its own CSS is in the HTML: no stylesheet is fetched either.
    expect(stylesheets).toEqual([]);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

    await page.mouse.move(200, 300);
    await hydrated(page);
    expect(scripts.some((url) => /\/assets\/marketing-[^/]+\.js$/.test(url))).toBe(true);
  });

  test("a button pressed before the app runs works once it has hydrated", async ({ page }) => {
    await page.goto(publicUrl("/about"));
    await page.getByRole("button", { name: "Theme" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeVisible();
  });
});

test.describe("pricing on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the comparison shows every plan and its footnote without sideways scrolling, and claims no 'Most chosen'", async ({
    page,
  }) => {
    await page.goto("/pricing");
    const comparison = page.getByRole("region", { name: "Plan comparison" });
    await comparison.scrollIntoViewIfNeeded();
    const box = await comparison.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    for (const name of ["Starter", "Growth", "Scale"]) {
      const header = comparison.getByRole("columnheader", { name });
      await header.scrollIntoViewIfNeeded();
      await expect(header).toBeInViewport({ ratio: 1 });
    }
    const footnote = comparison.getByText("Prices exclude VAT. Setup fees for each automation");
    await footnote.scrollIntoViewIfNeeded();
    await expect(footnote).toBeInViewport({ ratio: 1 });
    await expect(page.getByText("Most chosen")).toHaveCount(0);
  });
});
