import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZGetAdminOverviewResponse } from "../../shared/admin";
import { PASSWORD, confirmedClient, signIn, signUp, signedInStaff } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
  await confirmedClient(t, "client@example.com");
});
afterAll(() => t.close());

const me = (cookie?: string) => t.request("/api/me", { headers: cookie ? { cookie } : {} });
const signOut = (cookie: string) => t.request("/api/auth/sign-out", { json: {}, headers: { cookie } });

describe("sign in", () => {
  test("the right password signs in with an HttpOnly session cookie, whatever the email's case", async () => {
    const res = await signIn(t, "  Client@Example.COM ");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({ email: "client@example.com", emailVerified: true, role: "client" });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const who = await me(cookieFrom(res));
    expect(who.status).toBe(200);
    expect(await who.json()).toMatchObject({
      user: { email: "client@example.com", role: "client" },
      company: { role: "owner" },
    });
  });

  test("a wrong password and an unknown email get one identical answer", async () => {
    const wrong = await signIn(t, "client@example.com", "not the password");
    const unknown = await signIn(t, "nobody-here@example.com", "not the password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(b).toBe(a);
    expect(JSON.parse(a)).toEqual({ message: "Invalid email or password", code: "INVALID_EMAIL_OR_PASSWORD" });
    expect(cookieFrom(wrong)).toBe("");
  });

  test("the right password on an unconfirmed address says so, and nothing else does", async () => {
    await signUp(t, { email: "unconfirmed@example.com" });
    const right = await signIn(t, "unconfirmed@example.com");
    expect(right.status).toBe(403);
    expect(await right.json()).toMatchObject({
      code: "EMAIL_NOT_VERIFIED",
      message: expect.stringMatching(/not verified/i),
    });
    expect(cookieFrom(right)).toBe("");
    // A wrong password does not reveal that the address is waiting for confirmation.
    const wrong = await signIn(t, "unconfirmed@example.com", "not the password");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
  });

  test("staff sign in like anyone else and are admins", async () => {
    const cookie = await signedInStaff(t, "staff@cogwork.test");
    expect(await (await me(cookie)).json()).toMatchObject({
      user: { email: "staff@cogwork.test", role: "admin" },
      company: null,
    });
  });
});

describe("sessions", () => {
  test("/api/me needs a live session", async () => {
    for (const cookie of [undefined, "better-auth.session_token=forged.value"]) {
      const res = await me(cookie);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Please sign in to continue.", code: "UNAUTHORIZED" });
    }
  });

  test("sign-out ends the session on the server: the old cookie is refused", async () => {
    const cookie = cookieFrom(await signIn(t, "client@example.com"));
    const other = cookieFrom(await signIn(t, "client@example.com"));
    expect((await me(cookie)).status).toBe(200);

    const out = await signOut(cookie);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join("\n")).toMatch(/session_token=;/);
    expect((await me(cookie)).status).toBe(401);
    const session = await t.request("/api/auth/get-session", { headers: { cookie } });
    expect(await session.json()).toBeNull();
    // Only that session: the user's other browser stays signed in.
    expect((await me(other)).status).toBe(200);
  });

  test("a user lists their sessions and revokes another one", async () => {
    await confirmedClient(t, "many@example.com");
    const here = cookieFrom(await signIn(t, "many@example.com"));
    const there = cookieFrom(await signIn(t, "many@example.com"));
    const list = await t.request("/api/auth/list-sessions", { headers: { cookie: here } });
    expect(list.status).toBe(200);
    const sessions = (await list.json()) as { token: string }[];
    expect(sessions.length).toBe(3);
    const thereToken = decodeURIComponent(there.split("=")[1]!).split(".")[0];
    expect(sessions.map((s) => s.token)).toContain(thereToken);

    const revoke = await t.request("/api/auth/revoke-session", {
      json: { token: thereToken },
      headers: { cookie: here },
    });
    expect(revoke.status).toBe(200);
    expect((await me(there)).status).toBe(401);
    expect((await me(here)).status).toBe(200);
  });

  test("a cookie-bearing POST from another origin is refused", async () => {
    const cookie = cookieFrom(await signIn(t, "client@example.com"));
    const res = await t.request("/api/auth/sign-out", {
      json: {},
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
    expect((await me(cookie)).status).toBe(200);
  });
});

describe("staff area", () => {
  test("/api/admin/overview: 401 signed out, 403 for a client, 200 for staff", async () => {
    const signedOut = await t.request("/api/admin/overview");
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ message: expect.any(String) });

    const client = cookieFrom(await signIn(t, "client@example.com"));
    const refused = await t.request("/api/admin/overview", { headers: { cookie: client } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "This area is for agency staff only.", code: "FORBIDDEN" });

    const staff = await signedInStaff(t, "boss@cogwork.test");
    const allowed = await t.request("/api/admin/overview", { headers: { cookie: staff } });
    expect(allowed.status).toBe(200);
    const overview = ZGetAdminOverviewResponse.parse(await allowed.json());
    expect(overview.staff).toBeGreaterThanOrEqual(1);
    expect(overview.clients).toBeGreaterThanOrEqual(1);
  });
});

describe("rate limit", () => {
  test("too many sign-ins from one address answer 429 with Retry-After; a forged X-Forwarded-For does not escape it", async () => {
    const ip = t.newIp();
    for (let i = 0; i < 10; i++) {
      expect((await signIn(t, `guess${i}@example.com`, "wrong password", ip)).status).toBe(401);
    }
    const limited = await signIn(t, "client@example.com", PASSWORD, ip);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { retryAfter: number; message: string; code: string };
    expect(body.code).toBe("RATE_LIMITED");
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("retry-after")).toBe(String(body.retryAfter));
    expect(body.message).toMatch(/wait \d+ seconds?/);
    expect(cookieFrom(limited)).toBe("");

    const forgeries: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.7" },
      { "x-forwarded-for": "203.0.113.8, 198.51.100.1" },
      { "x-real-ip": "203.0.113.9" },
      { "x-cogwork-client-ip": "203.0.113.10" },
    ];
    for (const headers of forgeries) {
      const forged = await t.request("/api/auth/sign-in/email", {
        json: { email: "client@example.com", password: PASSWORD },
        ip,
        headers,
      });
      expect(forged.status, JSON.stringify(headers)).toBe(429);
    }

    // Another client address is not held up.
    expect((await signIn(t, "client@example.com", PASSWORD, t.newIp())).status).toBe(200);
  });
});
