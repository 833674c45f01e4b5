import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { securityEvent } from "../db/schema/security";
import { confirmedClient, PASSWORD } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const PREFERENCES = { alerts: "all", weeklyDigest: false };
/** Merges the cookies a browser holds with those an answer sets (a later one replaces an earlier one). */
const merge = (...cookies: string[]) => {
  const jar = new Map<string, string>();
  for (const pair of cookies.join("; ").split("; ").filter(Boolean)) jar.set(pair.split("=")[0]!, pair);
  return [...jar.values()].join("; ");
};
const refusalsFrom = (ip: string) =>
  t.db
    .select()
    .from(securityEvent)
    .where(and(eq(securityEvent.type, "csrf_refused"), eq(securityEvent.ip, ip)));

test("sign-in answers with the new session's token: the first change after it is accepted, nothing is refused", async () => {
  await confirmedClient(t, "first-change@example.com");
  const ip = t.newIp();
  // The browser before signing in holds the signed-out token, as the app fetches it on its first page.
  const before = await t.request("/api/csrf", { ip });
  const { token: signedOutToken } = (await before.json()) as { token: string };
  let cookie = cookieFrom(before);

  const signedIn = await t.request("/api/auth/sign-in/email", {
    json: { email: "first-change@example.com", password: PASSWORD },
    headers: { cookie },
    ip,
  });
  expect(signedIn.status).toBe(200);
  const issued = signedIn.headers.get("x-csrf-token");
  expect(issued).toMatch(/^[\w-]{20,}$/);
  expect(issued).not.toBe(signedOutToken);
  cookie = merge(cookie, cookieFrom(signedIn));

  const change = await t.request("/api/me/notifications", {
    method: "PUT",
    json: PREFERENCES,
    headers: { cookie, "x-csrf-token": issued! },
    ip,
  });
  expect(change.status).toBe(200);
  // Each session read carries the same token, for a tab that learns of the sign-in later.
  const session = await t.request("/api/auth/get-session", { headers: { cookie }, ip });
  expect(session.headers.get("x-csrf-token")).toBe(issued);

  // Sign-out answers with the signed-out token again.
  const signedOut = await t.request("/api/auth/sign-out", { json: {}, headers: { cookie }, ip });
  expect(signedOut.status).toBe(200);
  expect(signedOut.headers.get("x-csrf-token")).toBe(signedOutToken);
  expect(await refusalsFrom(ip)).toEqual([]);
});

test("a browser without a token yet gets its nonce cookie and token with the sign-in", async () => {
  await confirmedClient(t, "no-nonce@example.com");
  const ip = t.newIp();
  const signedIn = await t.request("/api/auth/sign-in/email", {
    json: { email: "no-nonce@example.com", password: PASSWORD },
    ip,
  });
  expect(signedIn.status).toBe(200);
  const change = await t.request("/api/me/notifications", {
    method: "PUT",
    json: PREFERENCES,
    headers: { cookie: cookieFrom(signedIn), "x-csrf-token": signedIn.headers.get("x-csrf-token") ?? "" },
    ip,
  });
  expect(change.status).toBe(200);
  expect(await refusalsFrom(ip)).toEqual([]);
});

test("a failed sign-in issues no token, and a token from before the sign-in is still refused after it", async () => {
  await confirmedClient(t, "stale-token@example.com");
  const ip = t.newIp();
  const before = await t.request("/api/csrf", { ip });
  const { token: signedOutToken } = (await before.json()) as { token: string };
  const wrong = await t.request("/api/auth/sign-in/email", {
    json: { email: "stale-token@example.com", password: "not the password" },
    headers: { cookie: cookieFrom(before) },
    ip,
  });
  expect(wrong.status).toBe(401);
  expect(wrong.headers.get("x-csrf-token")).toBeNull();
  const signedIn = await t.request("/api/auth/sign-in/email", {
    json: { email: "stale-token@example.com", password: PASSWORD },
    headers: { cookie: cookieFrom(before) },
    ip,
  });
  const stale = await t.request("/api/me/notifications", {
    method: "PUT",
    json: PREFERENCES,
    headers: { cookie: merge(cookieFrom(before), cookieFrom(signedIn)), "x-csrf-token": signedOutToken },
    ip,
  });
  expect(stale.status).toBe(403);
});
