import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "playwright";
import { chromiumPath } from "../../../../scripts/chromium-path.mjs";

/**
 * The browser of the n8n suite's journey: Debian's Chromium (as the e2e suite), signed in with the
 * staff session the suite already holds, at the Cogwork it serves with the built web app.
 */
export async function openStaffBrowser(origin: string, cookie: string): Promise<{ browser: Browser; page: Page }> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("No Chromium found: install Debian's chromium or set CHROMIUM_PATH.");
  const browser = await chromium.launch({ executablePath });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies(
    cookie
      .split(";")
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
  );
  return { browser, page: await context.newPage() };
}

/**
 * The screen at 390 and 1280 px, light and dark: a full-page picture in `.tmp/screenshots/` each
 * time, and axe's serious and critical findings (WCAG 2.1 A and AA, best practices), which must be none.
 */
export async function shootEverySize(page: Page, name: string): Promise<string[]> {
  const findings: string[] = [];
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  for (const width of [390, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains("dark") === dark,
        colorScheme === "dark",
      );
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      for (const v of violations.filter((found) => found.impact === "serious" || found.impact === "critical"))
        findings.push(`${width}px ${colorScheme}: ${v.id} (${v.nodes.length})`);
      await page.screenshot({ path: `.tmp/screenshots/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return findings;
}
