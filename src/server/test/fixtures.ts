import { eq } from "drizzle-orm";
import { session, user } from "../db/schema/auth";
import { companyMember } from "../db/schema/companies";
import { setUpAuthenticator, type AuthPost } from "./authenticator";
import { cookieFrom, latestLink, type TestRuntime } from "./test-runtime";
import type { TOTP } from "otpauth";

export interface SignedIn {
  cookie: string;
  userId: string;
  email: string;
  companyId: string | null;
  /** Their authenticator app, when they set one up (staff always do): `unusedCode(totp)` gives its codes. */
  totp?: TOTP;
  /** The recovery codes shown when the app was set up. */
  recoveryCodes?: string[];
}

export const TEST_PASSWORD = "correct horse battery";

const usedSteps = new WeakMap<TOTP, Set<number>>();

/**
 * A code of this app the server has not accepted yet: each code works once, and the server takes
 * the codes of the current 30-second step and of the steps either side, so this gives those in turn.
 */
export function unusedCode(totp: TOTP): string {
  const used = usedSteps.get(totp) ?? new Set<number>();
  usedSteps.set(totp, used);
  const now = Math.floor(Date.now() / 30_000);
  for (const step of [now, now + 1, now - 1]) {
    if (used.has(step)) continue;
    used.add(step);
    return totp.generate({ timestamp: step * 30_000 });
  }
  throw new Error("every code the server would take now was used: wait for the next 30-second step");
}

/**
 * Sets up an authenticator app as the account screen does (password, then a current code), the
 * code computed from the otpauth:// address with a real TOTP implementation. Returns the new session.
 */
export async function enrolAuthenticator(t: TestRuntime, person: SignedIn): Promise<SignedIn> {
  const post: AuthPost = (path, json, cookie) =>
    t.request(`/api/auth${path}`, { ip: t.newIp(), json, headers: { cookie } });
  const { cookie, totp, recoveryCodes, usedStep } = await setUpAuthenticator(post, person.cookie, TEST_PASSWORD);
  // Later sign-ins of the test take the codes of the other steps (unusedCode).
  usedSteps.set(totp, new Set([usedStep]));
  return { ...person, cookie, totp, recoveryCodes };
}

/**
 * Signs up through the API, follows the confirmation link, and returns the session. The builder's
 * step: tests take their people from given.ts (givenClient, givenCompany), signed in with `request`.
 */
export async function signUpClient(t: TestRuntime, email: string, companyName?: string): Promise<SignedIn> {
  const ip = t.newIp();
  const res = await t.request("/api/auth/sign-up/email", {
    ip,
    json: { email, password: "correct horse battery", name: email.split("@")[0], company: companyName },
  });
  if (res.status !== 200) throw new Error(`sign-up of ${email} failed: ${res.status} ${await res.text()}`);
  const link = new URL(await latestLink(t, email, "confirm-email"));
  const confirm = await t.request(link.pathname + link.search, { ip });
  const cookie = cookieFrom(confirm);
  const me = (await (await t.request("/api/me", { headers: { cookie } })).json()) as {
    user: { id: string };
    company: { id: string } | null;
  };
  return { cookie, userId: me.user.id, email, companyId: me.company?.id ?? null };
}

/**
 * A staff account: signed up, then promoted (as the create-admin command does, from outside the
 * server) and taken out of its company; its client session is ended and it signs in again as staff,
 * then sets up an authenticator app, as staff must before the staff area opens (`secondFactor: false`
 * leaves that step out).
 */
export async function signUpStaff(t: TestRuntime, email: string, { secondFactor = true } = {}): Promise<SignedIn> {
  const signedIn = await signUpClient(t, email);
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, signedIn.userId));
  await t.db.delete(companyMember).where(eq(companyMember.userId, signedIn.userId));
  await t.db.delete(session).where(eq(session.userId, signedIn.userId));
  const again = await t.request("/api/auth/sign-in/email", {
    ip: t.newIp(),
    json: { email, password: "correct horse battery" },
  });
  if (again.status !== 200) throw new Error(`sign-in of ${email} failed: ${again.status} ${await again.text()}`);
  const staff = { ...signedIn, cookie: cookieFrom(again), companyId: null };
  return secondFactor ? enrolAuthenticator(t, staff) : staff;
}

export async function json<T = Record<string, unknown>>(response: Response | Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

/** Registers an automation as staff and issues its key. */
export async function registerAutomation(
  t: TestRuntime,
  staff: SignedIn,
  companyId: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; key: string; keyId: string }> {
  const created = await t.request(`/api/staff/companies/${companyId}/automations`, {
    headers: { cookie: staff.cookie },
    json: {
      name: "Invoice sync",
      purpose: "Copies paid invoices from the shop into the accounting system.",
      platform: "n8n",
      triggerDescription: "Every hour",
      expectedEveryMinutes: 60,
      minutesSavedPerRun: 6,
      status: "live",
      ...overrides,
    },
  });
  if (created.status !== 201) throw new Error(`create automation failed: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const issued = await json<{ key: string; id: string }>(
    t.request(`/api/staff/companies/${companyId}/automations/${id}/keys`, {
      method: "POST",
      headers: { cookie: staff.cookie },
    }),
  );
  return { id, key: issued.key, keyId: issued.id };
}

/** Posts one run with a key. */
export function postRun(t: TestRuntime, key: string, run: Record<string, unknown>) {
  return t.request("/api/v1/runs", {
    headers: { authorization: `Bearer ${key}` },
    json: { startedAt: "2026-03-10T09:00:00Z", status: "success", ...run },
  });
}

/** The trusted-device cookie each test person's browser holds, once they ticked "Trust this device". */
const trustedDevice = new WeakMap<TOTP, string>();

function keepTrustedDevice(totp: TOTP, response: Response) {
  const trust = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => /trust_device=./.test(pair));
  if (trust) trustedDevice.set(totp, trust);
}

/**
 * Signs a person in again as the sign-in screen does: the password, then (when they set up an
 * authenticator app) a code of it the server has not taken yet, ticking "Trust this device"; their
 * later sign-ins send that browser's trusted-device cookie, as a browser would, and skip the code
 * (each code works once, and tests sign in more often than new codes come). Returns the new session's cookie.
 */
export async function signInAgain(t: TestRuntime, person: SignedIn): Promise<string> {
  const trust = person.totp ? trustedDevice.get(person.totp) : undefined;
  const first = await t.request("/api/auth/sign-in/email", {
    ip: t.newIp(),
    json: { email: person.email, password: TEST_PASSWORD },
    headers: trust ? { cookie: trust } : {},
  });
  if (first.status !== 200) throw new Error(`sign-in of ${person.email}: ${first.status} ${await first.text()}`);
  const body = (await first.clone().json()) as { twoFactorRedirect?: boolean };
  if (!person.totp || !body.twoFactorRedirect) {
    if (person.totp) keepTrustedDevice(person.totp, first);
    return cookieFrom(first);
  }
  const second = await t.request("/api/auth/two-factor/verify-totp", {
    ip: t.newIp(),
    json: { code: unusedCode(person.totp), trustDevice: true },
    headers: { cookie: cookieFrom(first) },
  });
  if (second.status !== 200)
    throw new Error(`second factor of ${person.email}: ${second.status} ${await second.text()}`);
  keepTrustedDevice(person.totp, second);
  return cookieFrom(second);
}
