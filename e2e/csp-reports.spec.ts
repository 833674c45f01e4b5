import { freshIp, seedCompany, signInStaff } from "./automation-fixtures";
import { expect, signInPage, staffAccount, test } from "./fixtures";
import type { Page } from "@playwright/test";

const CSP_REPORT_PATH = "/api/security/csp-report";
const MARKETING_PAGES = ["/", "/features", "/pricing", "/about", "/contact"];
const SIGNED_OUT_SCREENS = [
  "/secure-login",
  "/secure-login?mode=signup",
  "/link-expired",
  "/reset-password",
  "/unsubscribe",
];
const CLIENT_SCREENS = ["/secure-dashboard", "/my-automations", "/automation-plan", "/billing", "/support", "/account"];
const STAFF_SCREENS = ["/admin", "/clients", "/admin/users", "/admin/security-log"];

interface LoggedEvent {
  ip: string | null;
  path: string | null;
  details: { directive?: string; blockedURI?: string };
}

/** Every CSP report the page's browser sends, as "<page> blocked <what>", as it leaves. */
function recordCspReports(page: Page): string[] {
  const reports: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== CSP_REPORT_PATH) return;
    const report =
      (JSON.parse(request.postData() ?? "{}") as { "csp-report"?: Record<string, string> })["csp-report"] ?? {};
    reports.push(`${report["document-uri"]} blocked ${report["blocked-uri"]} (${report["effective-directive"]})`);
  });
  return reports;
}

/** A screen is done when its heading shows and its lazily loaded code and data have arrived. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/** The prerendered marketing pages start their own entry after the first paint. */
async function visitMarketing(page: Page, path: string) {
  await visit(page, path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.waitForLoadState("networkidle");
}

test("no screen, signed out, as a client or as staff, sends a CSP report", async ({ page }) => {
  test.setTimeout(120_000);
  const seeded = await seedCompany("csp");
  const ip = freshIp();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ip });
  const reports = recordCspReports(page);

  for (const path of MARKETING_PAGES) await visitMarketing(page, path);
  for (const path of SIGNED_OUT_SCREENS) await visit(page, path);

  // Through the form: signing in is one of the screens that must send no report.
  await signInPage(page, seeded.email, seeded.password, { via: "form" });
  for (const path of CLIENT_SCREENS) await visit(page, path);
  await visit(page, `/my-automations/${seeded.automations[0]!.id}`);

  await page.context().clearCookies();
  const staff = staffAccount();
  await signInPage(page, staff.email, staff.password, { landing: "/admin", via: "form" });
  for (const path of STAFF_SCREENS) await visit(page, path);

  // The server's side too: the security log holds no violation from this test's address.
  const staffApi = await signInStaff();
  const { events } = (await (await staffApi.get("/api/admin/security-events?type=csp_violation")).json()) as {
    events: LoggedEvent[];
  };
  await staffApi.dispose();
  const logged = events
    .filter((event) => event.ip === ip)
    .map((event) => `${event.path} blocked ${event.details.blockedURI}`);
  expect({ sent: reports, logged }).toEqual({ sent: [], logged: [] });
});
