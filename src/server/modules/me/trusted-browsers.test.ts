import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZForgetTrustedBrowsersResponse, ZListTrustedBrowsersResponse } from "../../../shared/me";
import { auditLog } from "../../db/schema/audit";
import { PASSWORD } from "../../test/auth-helpers";
import { enrolAuthenticator, unusedCode, type SignedIn } from "../../test/fixtures";
import { givenClient } from "../../test/given";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import type { TOTP } from "otpauth";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const signInWithPassword = (email: string, cookie = "") =>
  t.request("/api/auth/sign-in/email", {
    ip: t.newIp(),
    json: { email, password: PASSWORD },
    headers: cookie ? { cookie } : {},
  });

/** Whether a sign-in with the password (from a browser holding `cookie`) asks for the second step. */
async function asksForCode(email: string, cookie: string) {
  const answer = (await (await signInWithPassword(email, cookie)).json()) as { twoFactorRedirect?: boolean };
  return answer.twoFactorRedirect === true;
}

/** Signs in with the password and a code, ticking "Trust this device": the browser's session and trust cookies. */
async function trustBrowser(person: SignedIn & { totp: TOTP }) {
  const step = await signInWithPassword(person.email);
  const verified = await t.request("/api/auth/two-factor/verify-totp", {
    ip: t.newIp(),
    json: { code: unusedCode(person.totp), trustDevice: true },
    headers: { cookie: cookieFrom(step) },
  });
  expect(verified.status).toBe(200);
  return cookieFrom(verified);
}

const trustOf = (cookie: string) => cookie.split("; ").find((pair) => pair.includes("trust_device="))!;

const list = async (cookie: string) =>
  ZListTrustedBrowsersResponse.parse(
    await (await t.request("/api/me/trusted-browsers", { headers: { cookie } })).json(),
  );

describe("trusted browsers", () => {
  test("are listed, this one marked; forgetting them makes the next sign-in ask for the code again", async () => {
    const person = (await enrolAuthenticator(t, await givenClient(t, "forget-me@example.com"))) as SignedIn & {
      totp: TOTP;
    };
    const laptop = await trustBrowser(person);
    const phone = await trustBrowser(person);
    expect(await asksForCode(person.email, "")).toBe(true);

    const seen = await list(laptop);
    expect(seen.browsers).toHaveLength(2);
    expect(seen.browsers.filter((b) => b.thisBrowser)).toHaveLength(1);
    const laptopsOwn = seen.browsers.find((b) => b.thisBrowser)!;
    expect(new Date(laptopsOwn.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

    // Forgetting one: that browser asks again, the other does not.
    const one = await t.request(`/api/me/trusted-browsers/${laptopsOwn.id}`, {
      method: "DELETE",
      headers: { cookie: laptop },
    });
    expect(one.status).toBe(200);
    expect(ZForgetTrustedBrowsersResponse.parse(await one.json())).toEqual({ forgotten: 1 });
    expect(await asksForCode(person.email, trustOf(laptop))).toBe(true);
    // A trusted sign-in renews the browser's trust under a new identifier: read the cookie it leaves.
    const phoneAgain = await signInWithPassword(person.email, trustOf(phone));
    expect(((await phoneAgain.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
    const phoneNow = cookieFrom(phoneAgain);
    expect((await list(phoneNow)).browsers).toEqual([expect.objectContaining({ thisBrowser: true })]);

    // Someone else cannot forget them, and an unknown id is a 404.
    const other = await givenClient(t, "not-mine@example.com");
    const phonesId = (await list(phoneNow)).browsers[0]!.id;
    expect((await other.request(`/api/me/trusted-browsers/${phonesId}`, { method: "DELETE" })).status).toBe(404);
    expect(await asksForCode(person.email, trustOf(phoneNow))).toBe(false);

    // Forgetting all of them.
    const all = await t.request("/api/me/trusted-browsers", { method: "DELETE", headers: { cookie: phoneNow } });
    expect(ZForgetTrustedBrowsersResponse.parse(await all.json())).toEqual({ forgotten: 1 });
    expect((await list(phoneNow)).browsers).toEqual([]);
    expect(await asksForCode(person.email, trustOf(phoneNow))).toBe(true);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, person.userId), eq(auditLog.action, "user.trusted_browsers_forgotten")));
    expect(entries.map((e) => e.summary)).toEqual([
      "forget-me@example.com forgot a trusted browser: it asks for the second factor again",
      "forget-me@example.com forgot a trusted browser: it asks for the second factor again",
    ]);
  });
});
