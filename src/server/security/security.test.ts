import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isStrictCsp } from "../../shared/security-posture";
import { confirmedClient, signedInStaff } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { contentSecurityPolicy } from "./headers";
import {
  CONTENT_SECURITY_POLICY,
  INLINE_SCRIPT_HASH,
  sessionTimeout,
  startSecurityRuntime,
} from "./security-test-runtime";

/** Security headers, CSRF tokens, the posture the banner reads, and the limits on request bodies. */

let t: TestRuntime;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await startSecurityRuntime());
});
afterAll(() => close());

const timeout = (cookie: string, init?: { token?: string; csrf?: boolean }) => sessionTimeout(t, cookie, init);

describe("security headers", () => {
  test.each([
    ["an HTML page", "/secure-login", 200],
    ["an unknown page", "/nowhere", 404],
    ["an API answer", "/api/health", 200],
    ["an API error", "/api/nowhere", 404],
    ["a refused API call", "/api/me", 401],
  ])("are on %s", async (_label, pathname, status) => {
    const res = await t.request(pathname);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toBe(
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)",
    );
    // Served over plain HTTP here: HSTS only makes sense over HTTPS.
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  test("the policy allows scripts from self and the card provider, and inline only the build's own by hash", () => {
    expect(isStrictCsp(CONTENT_SECURITY_POLICY)).toBe(true);
    expect(contentSecurityPolicy()).toContain("script-src 'self' https://js.stripe.com;");
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'self' ${INLINE_SCRIPT_HASH} https://js.stripe.com;`);
    expect(CONTENT_SECURITY_POLICY.split("; ").find((directive) => directive.startsWith("script-src "))).not.toContain(
      "'unsafe-inline'",
    );
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self' https://api.stripe.com");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("base-uri 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("report-uri /api/security/csp-report");
  });

  test("API answers are never stored; HSTS is sent over HTTPS", async () => {
    const cookie = await confirmedClient(t, "headers@example.com");
    expect((await t.request("/api/me", { headers: { cookie } })).headers.get("cache-control")).toBe("no-store");
    const https = await createTestRuntime({ APP_URL: "https://portal.example.com" });
    try {
      const res = await https.request("/api/health");
      expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    } finally {
      await https.close();
    }
  });
});

describe("CSRF tokens", () => {
  test("a state-changing call without a token, or with a wrong one, is refused with 403", async () => {
    const cookie = await confirmedClient(t, "csrf-missing@example.com");
    const missing = await timeout(cookie, { csrf: false });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({
      code: "CSRF_INVALID",
      message: expect.stringMatching(/security token/),
    });
    const wrong = await timeout(cookie, { token: "not-the-token" });
    expect(wrong.status).toBe(403);
  });

  test("another session's token is refused; the session's own token works", async () => {
    const mine = await confirmedClient(t, "csrf-mine@example.com");
    const theirs = await confirmedClient(t, "csrf-theirs@example.com");
    const issued = await t.request("/api/csrf", { headers: { cookie: theirs } });
    const { token } = (await issued.json()) as { token: string };
    const theirNonce = cookieFrom(issued);
    const stolen = await timeout(`${mine}; ${theirNonce}`, { token });
    expect(stolen.status).toBe(403);
    const own = await timeout(mine);
    expect(own.status).toBe(200);
  });

  test("refusals are written to the security log", async () => {
    const staff = await signedInStaff(t, "csrf-staff@example.com");
    const cookie = await confirmedClient(t, "csrf-logged@example.com");
    await timeout(cookie, { csrf: false });
    const log = await t.request("/api/admin/security-events?type=csrf_refused", { headers: { cookie: staff } });
    const { events } = (await log.json()) as { events: { type: string; path: string }[] };
    expect(events.some((event) => event.path === "/api/me/security/session-timeout")).toBe(true);
  });
});

describe("the posture the banner reads", () => {
  test("reports rate limiting as enforced, and serves the strict policy", async () => {
    const res = await t.request("/api/security/posture");
    expect(await res.json()).toEqual({ csrf: { enforced: true }, rateLimiting: { enforced: true } });
    expect(isStrictCsp(res.headers.get("content-security-policy"))).toBe(true);
  });

  test("says rate limiting is not enforced when it is switched off", async () => {
    const off = await createTestRuntime({ RATE_LIMIT: "off" });
    try {
      expect(await (await off.request("/api/security/posture")).json()).toMatchObject({
        rateLimiting: { enforced: false },
      });
    } finally {
      await off.close();
    }
  });
});

describe("request bodies and query strings", () => {
  test("every /api route refuses a body over the limit with 413, signed out or not", async () => {
    const body = JSON.stringify({ name: "x".repeat(70_000) });
    for (const path of [
      "/api/contact",
      "/api/me/security/sessions",
      `/api/staff/companies/${crypto.randomUUID()}/automations`,
      "/api/v1/runs",
      "/api/nowhere",
    ]) {
      const res = await t.request(path, { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status, path).toBe(413);
      expect(await res.json(), path).toEqual({ message: "The request is too large.", code: "PAYLOAD_TOO_LARGE" });
    }
  });

  test("the dev mailbox refuses a NUL in its filter with a 400", async () => {
    for (const path of ["/dev/mailbox?to=%00", "/dev/mailbox/messages?to=a%00b"]) {
      // The mailbox answers loopback clients only: the reader is on this machine.
      const res = await t.request(path, { ip: "127.0.0.1" });
      expect(res.status, path).toBe(400);
      expect((await res.json()).message).toBe("The to= filter must be an email address.");
    }
  });
});
