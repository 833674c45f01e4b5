import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config";
import { signInStaffWith, withTrustedStaffBrowser } from "./staff-second-factor";

export { expect };

/**
 * Where the specs put the pictures they take to be looked at (not compared pixel by pixel):
 * git-ignored .tmp/screenshots/ in the repository, unless SCREENSHOT_DIR names another folder.
 */
export const SCREENSHOT_DIR = path.join(
  process.env.SCREENSHOT_DIR ?? fileURLToPath(new URL("../.tmp/screenshots/", import.meta.url)),
  "/",
);

/** A password every test account shares; long enough for the 8–128 rule. */
export const PASSWORD = "correct horse battery";

export type MailKind =
  | "confirm-email"
  | "change-email"
  | "existing-account"
  | "reset-password"
  | "password-changed"
  | "company-invitation"
  | "contact-ack"
  | "contact-lead"
  | "automation-failing"
  | "automation-recovered"
  | "automation-stale"
  | "automation-stale-recovered"
  | "weekly-digest"
  | "run-problem-reported";

export interface Mail {
  kind: string;
  subject: string;
  text: string;
  to: string;
  createdAt: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on alerts and digests. */
  headers: Record<string, string>;
}

let addressCounter = 0;
let emailCounter = 0;

/**
 * A client address no other test uses: the server trusts X-Forwarded-For from this machine
 * and rate-limits sign-up and sign-in per address, so tests never share a budget.
 */
function nextClientAddress(workerIndex: number): string {
  const n = ++addressCounter;
  return `10.${(workerIndex % 250) + 1}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

export const test = base.extend<{
  /** This test's own client address, sent as X-Forwarded-For by the page and by `request`. */
  clientAddress: string;
  /** A fresh, never-used email address (lower case, as the server stores it). */
  uniqueEmail: (label?: string) => string;
}>({
  // Playwright reads a fixture's dependencies from its destructured first parameter.
  // eslint-disable-next-line no-empty-pattern
  clientAddress: async ({}, use, testInfo) => {
    await use(nextClientAddress(testInfo.workerIndex));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddress });
  },
  // eslint-disable-next-line no-empty-pattern
  uniqueEmail: async ({}, use, testInfo) => {
    const run = Date.now().toString(36);
    await use((label = "user") =>
      `${label}-${run}-w${testInfo.workerIndex}-${++emailCounter}@example.com`.toLowerCase(),
    );
  },
});

/**
 * The dev mailbox answers loopback clients only, and the tests pose as clients behind a proxy
 * (X-Forwarded-For): its reader is the person at this machine, so its forwarded address is loopback.
 */
export const MAILBOX_HEADERS = { "x-forwarded-for": "127.0.0.1" };

/** Every message the app wrote to an address, newest first (the dev mailbox). */
export async function mailsFor(request: APIRequestContext, email: string, kind?: MailKind): Promise<Mail[]> {
  const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`, {
    headers: MAILBOX_HEADERS,
  });
  expect(response.ok(), `dev mailbox answered ${response.status()}`).toBe(true);
  const { messages } = (await response.json()) as { messages: Mail[] };
  return kind ? messages.filter((message) => message.kind === kind) : messages;
}

/** The link in a mail's text (every mail of ours carries exactly one). */
export function linkIn(mail: Mail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the ${mail.kind} mail to ${mail.to}`);
  return link;
}

/**
 * Waits until at least `count` mails of a kind have reached the address, and returns the
 * link in the newest one.
 */
export async function readLink(
  request: APIRequestContext,
  email: string,
  kind: MailKind,
  { count = 1 } = {},
): Promise<string> {
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsFor(request, email, kind);
        return mails.length;
      },
      { message: `waiting for ${count} ${kind} mail(s) to ${email}`, timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return linkIn(mails[0]!);
}

/** A path of our own origin from an absolute link in a mail, for page.goto. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Fills and submits the "Create account" tab; ends on "Check your inbox". */
export async function signUp(
  page: Page,
  email: string,
  password = PASSWORD,
  extra: { name?: string; company?: string } = {},
) {
  await page.goto("/secure-login?mode=signup");
  if (extra.name) await page.getByLabel("Your name").fill(extra.name);
  if (extra.company) await page.getByLabel("Company").fill(extra.company);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
}

/**
 * Makes a confirmed account and leaves the page on "/", signed in by the confirmation link.
 * `via: "api"` (the default, faster) posts the sign-up as the form would; `via: "form"` fills
 * the "Create account" tab. Returns the account's credentials.
 */
export async function signUpAndConfirm(
  page: Page,
  {
    email,
    password = PASSWORD,
    name,
    company,
    via = "api",
  }: { email: string; password?: string; name?: string; company?: string; via?: "api" | "form" },
) {
  if (via === "form") {
    await signUp(page, email, password, { name, company });
  } else {
    const origin = new URL(test.info().project.use.baseURL ?? page.url()).origin;
    const response = await page.request.post("/api/auth/sign-up/email", {
      headers: { origin },
      data: { email, password, name: name ?? "", company, callbackURL: "/" },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  const link = await readLink(page.request, email, "confirm-email");
  await page.goto(pathOf(link));
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
  return { email, password };
}

/** Fills and submits the sign-in form at /secure-login (or the page's current sign-in form). */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * The one way browser tests sign a person in (the tests of signing in itself use the form, see
 * `via`). It signs in through the app's own API, as the form does, with the request context of
 * the page's browser context: the session cookie Better Auth sets lands in that context, so the
 * page is signed in without driving the form. Then it opens /secure-login (with `next`, the
 * screen to land on), which sends a signed-in person on, and waits until the portal opened on
 * `next`, else on `landing` (staff's being /admin).
 *
 * `via: "form"` fills the sign-in form at /secure-login instead; `here` uses the form of the page
 * already open, so that the app keeps what it holds in memory.
 */
export async function signInPage(
  page: Page,
  email: string,
  password: string,
  {
    next,
    here = false,
    landing = "/secure-dashboard",
    via = here ? "form" : "api",
  }: { next?: string; here?: boolean; landing?: string; via?: "api" | "form" } = {},
) {
  const signInScreen = next ? `/secure-login?next=${encodeURIComponent(next)}` : "/secure-login";
  if (via === "api") {
    await signInContext(page.context(), { email, password });
    await page.goto(signInScreen);
  } else if (email === staffAccount().email) {
    // Staff pass a second factor: this worker's trusted browser (e2e/staff-second-factor.ts).
    const origin = new URL(test.info().project.use.baseURL!).origin;
    await withTrustedStaffBrowser(page.context(), origin, { email, password }, async () => {
      if (!here) await page.goto(signInScreen);
      await fillSignIn(page, email, password);
      await expect(page).toHaveURL((url) => url.pathname !== "/secure-login");
    });
  } else {
    if (!here) await page.goto(signInScreen);
    await fillSignIn(page, email, password);
  }
  if (next) await expect(page).toHaveURL((url) => url.pathname === next.split("?")[0]);
  else await expect(page).toHaveURL((url) => url.pathname === landing);
}

/**
 * Signs a person in through the API (the call the sign-in form makes) with the browser
 * context's own request context, so that the session cookie is set on the context and every
 * page of it is signed in. The context's headers (its client address) go with the call.
 */
export async function signInContext(context: BrowserContext, { email, password }: { email: string; password: string }) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response =
    email === staffAccount().email
      ? await signInStaffWith(context.request, origin, { email, password })
      : await context.request.post("/api/auth/sign-in/email", {
          headers: { origin },
          data: { email, password, rememberMe: true },
        });
  expect(response.status(), `sign-in of ${email}: ${await response.text()}`).toBe(200);
  const cookies = await context.cookies(origin);
  expect(
    cookies.map((cookie) => cookie.name),
    `sign-in of ${email} set no session cookie`,
  ).toContainEqual(expect.stringMatching(/session_token$/));
}

/**
 * The staff account scripts/e2e-server.mjs made with the create-admin command (its authenticator
 * app set up by e2e/global-setup.ts: sign it in with signInPage, signInContext or signInStaff).
 */
export function staffAccount(): { email: string; password: string } {
  const file = path.resolve(E2E_DATA_DIR, "e2e-staff.json");
  const { email, password } = JSON.parse(fs.readFileSync(file, "utf8")) as { email: string; password: string };
  return { email, password };
}
