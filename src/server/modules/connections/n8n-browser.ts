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
