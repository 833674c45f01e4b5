import { expect, signUpAndConfirm, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** Errors the page reports: a hydration that does not match the server's HTML is one. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

const hydrated = (page: Page) =>
  expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });

test("a signed-in client's first screens paint from the page's HTML, and the app then takes them over", async ({
  page,
  uniqueEmail,
}) => {
  await signUpAndConfirm(page, { email: uniqueEmail("first-screen"), name: "Frida Firstscreen", company: "Frida Ltd" });

  // With no script at all (its app fails to load), the HTML alone shows the screen, and its links
  // still work, as plain links.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/secure-dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Welcome, Frida.")).toBeVisible();
  await page.getByRole("navigation").first().getByRole("link", { name: "My automations" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/my-automations");
  await expect(page.getByRole("heading", { name: "My automations", level: 1 })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search automations" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  await page.unroute("**/assets/*.js");

  // With its scripts, the app hydrates the same screen without a mismatch, and it answers.
  const errors = collectErrors(page);
  await page.goto("/my-automations");
  await hydrated(page);
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  await page.getByRole("searchbox", { name: "Search automations" }).fill("invoice");
  await expect(page).toHaveURL(/search=invoice/);
  await page.goto("/secure-dashboard");
  await hydrated(page);
  await expect(page.getByText("Welcome, Frida.")).toBeVisible();
  await page.getByRole("navigation").first().getByRole("link", { name: "My automations" }).click();
  await expect(page.getByRole("heading", { name: "My automations", level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});
