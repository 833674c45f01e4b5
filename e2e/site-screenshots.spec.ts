import { expect, SCREENSHOT_DIR, test } from "./fixtures";

// Full-page screenshots of each marketing page, for review: SCREENSHOT_DIR/<page>-<width>-<theme>.png
const PAGES = [
  { path: "/", name: "home" },
  { path: "/features", name: "features" },
  { path: "/pricing", name: "pricing" },
  { path: "/about", name: "about" },
  { path: "/contact", name: "contact" },
];

for (const width of [390, 1280]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`${width}px ${colorScheme}`, () => {
      test.use({ viewport: { width, height: 844 }, colorScheme });
      for (const page of PAGES) {
        test(`${page.name}`, async ({ page: tab }) => {
          await tab.goto(page.path);
          await expect(tab.getByRole("heading", { level: 1 })).toBeVisible();
          await tab.evaluate(() => document.fonts.ready);
          // Nothing wider than the viewport.
          expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await tab.screenshot({ path: `${SCREENSHOT_DIR}${page.name}-${width}-${colorScheme}.png`, fullPage: true });
        });
      }
    });
  }
}
