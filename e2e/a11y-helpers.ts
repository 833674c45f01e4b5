import AxeBuilder from "@axe-core/playwright";
import { expect } from "./fixtures";
import { allowMoreTime } from "./time-limit";
import type { Page } from "@playwright/test";

/** The rules the specs hold every screen to: WCAG 2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Waits for the page's finite CSS transitions and animations to end: colours caught half-way
 * through a theme change (a busy machine slows them) would fail the contrast rule at random.
 */
export async function settleTransitions(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export interface AxeCheckOptions {
  /** Parts of the page checked elsewhere. */
  exclude?: string[];
  /** Rules of lesser impact (e.g. `landmark-unique`, `region`) that fail the check too. */
  alsoFail?: string[];
  /**
   * The rule sets to run: AXE_TAGS unless given; `"axe-defaults"` runs every rule axe runs by
   * default (WCAG 2.2 and the rest), for the screens held to that.
   */
  tags?: string[] | "axe-defaults";
  /** Only these rules (e.g. `color-contrast` for a second theme), instead of the tags. */
  rules?: string[];
  /** What was checked, named in the failure. */
  label?: string;
}

/**
 * What one scan adds to the running test's time limit. A scan (and the picture that usually
 * follows) takes seconds on a busy two-core machine, and a journey may check twenty screens: each
 * brings its own time, so a spec's timeout only has to cover its other steps.
 */
const AXE_SCAN_ALLOWANCE_MS = 10_000;

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation (and on any
 * of `alsoFail`), naming the rule and the first elements it found.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  { exclude = [], alsoFail = [], tags = AXE_TAGS, rules, label }: AxeCheckOptions = {},
) {
  allowMoreTime(AXE_SCAN_ALLOWANCE_MS);
  await settleTransitions(page);
  let builder = new AxeBuilder({ page });
  if (rules) builder = builder.withRules(rules);
  else if (tags !== "axe-defaults") builder = builder.withTags(tags);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || alsoFail.includes(v.id))
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}): ${v.nodes[0]?.failureSummary?.replace(/\s+/g, " ") ?? ""}`,
    );
  expect(blocking, label && `${label}: serious or critical accessibility violations`).toEqual([]);
}

/**
 * Looks at the screen as it is at 390 and 1280 px, light and dark: axe on each, and a full-page
 * picture `<name>-<width>x<height>-<theme>.png` in `dir`; leaves the page at 1280 px, light.
 */
export async function checkAndShootEverySize(page: Page, dir: string, name: string, axe: AxeCheckOptions = {}) {
  // No colour transitions: axe must see the theme's colours, not a frame on the way there.
  const still = await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      // The app follows the system theme from a media-query listener: axe waits until it has.
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/);
      await expect(page.getByText("Loading...")).toHaveCount(0);
      await expectNoSeriousAxeViolations(page, axe);
      await page.screenshot({
        path: `${dir}${name}-${viewport.width}x${viewport.height}-${colorScheme}.png`,
        fullPage: true,
        animations: "disabled",
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await still.evaluate((style) => (style as Element).remove());
}
