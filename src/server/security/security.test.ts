import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { isStrictCsp } from "../../shared/security-posture";
import { createApp } from "../app";
import { confirmedClient, PASSWORD, signedInStaff, signIn } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, TEST_ORIGIN, type TestRuntime } from "../test/test-runtime";
import { contentSecurityPolicy } from "./headers";

let t: TestRuntime;
// The build inlines a head script into the pages it serves; the policy names it by hash.
const INLINE_SCRIPT = 'document.documentElement.classList.add("dark")';
const INLINE_SCRIPT_HASH = `'sha256-${createHash("sha256").update(INLINE_SCRIPT).digest("base64")}'`;
const CONTENT_SECURITY_POLICY = contentSecurityPolicy([INLINE_SCRIPT_HASH]);
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-web-"));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webRoot, "index.html"),
    `<!doctype html><title>Cogwork</title><script>${INLINE_SCRIPT}</script><div id=root></div><script type="application/json" id="state">{}</script>`,
  );
  t = await createTestRuntime({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const timeout = (cookie: string, init: { token?: string; csrf?: boolean } = {}) =>
  t.request("/api/me/security/session-timeout", {
    method: "POST",
    csrf: init.csrf,
    headers: { cookie, ...(init.token ? { "x-csrf-token": init.token } : {}) },
  });

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

describe("session lifetime", () => {
  test("a session idle for more than 30 minutes is refused by the server", async () => {
    const cookie = await confirmedClient(t, "idle@example.com");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    vi.advanceTimersByTime(29 * 60_000);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(200);
    vi.advanceTimersByTime(31 * 60_000);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(401);
  });

  test("a session in use is refused past the absolute limit of 24 hours", async () => {
    const cookie = await confirmedClient(t, "absolute@example.com");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    // Active every 20 minutes, so never idle; still ended once 24 hours have passed.
    for (let step = 1; step < 72; step++) {
      vi.advanceTimersByTime(20 * 60_000);
      const path = step % 2 ? "/api/me" : "/api/auth/get-session";
      const res = await t.request(path, { headers: { cookie } });
      expect(res.status, `after ${step * 20} minutes`).toBe(200);
    }
    vi.advanceTimersByTime(20 * 60_000);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(401);
    expect(await (await t.request("/api/auth/get-session", { headers: { cookie } })).json()).toBeNull();
  });

  test("signed-out and revoked sessions are refused when the old cookie is replayed", async () => {
    const first = await confirmedClient(t, "replay@example.com");
    const second = cookieFrom(await signIn(t, "replay@example.com", PASSWORD));
    await t.request("/api/auth/sign-out", { json: {}, headers: { cookie: first } });
    expect((await t.request("/api/me", { headers: { cookie: first } })).status).toBe(401);
    const sessions = (await (await t.request("/api/auth/list-sessions", { headers: { cookie: second } })).json()) as {
      token: string;
    }[];
    expect(sessions).toHaveLength(1);
    const third = cookieFrom(await signIn(t, "replay@example.com", PASSWORD));
    await t.request("/api/auth/revoke-session", { json: { token: sessions[0]!.token }, headers: { cookie: third } });
    expect((await t.request("/api/me", { headers: { cookie: second } })).status).toBe(401);
    expect((await t.request("/api/me", { headers: { cookie: third } })).status).toBe(200);
  });

  test("the browser's inactivity timeout is logged and ends the session on the server", async () => {
    const staff = await signedInStaff(t, "timeout-staff@example.com");
    const cookie = await confirmedClient(t, "timeout@example.com");
    expect((await timeout(cookie)).status).toBe(200);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(401);
    const log = await t.request("/api/admin/security-events?type=session_timeout", { headers: { cookie: staff } });
    const { events } = (await log.json()) as { events: { email: string; message: string }[] };
    expect(events).toContainEqual(
      expect.objectContaining({ email: "timeout@example.com", message: "User was logged out due to inactivity." }),
    );
  });
});

describe("rate limits", () => {
  test("a forged X-Forwarded-For does not escape the sign-in limit", async () => {
    const ip = t.newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.request("/api/auth/sign-in/email", {
        json: { email: `nobody${i}@example.com`, password: "wrong-password" },
        ip,
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = statuses.slice(10);
    expect(limited).toEqual([429, 429]);
  });

  test("our own write endpoints are limited per address, with Retry-After", async () => {
    const ip = t.newIp();
    let last: Response | undefined;
    for (let i = 0; i < 61; i++)
      last = await t.request("/api/security/csp-report", { json: { directive: "script-src-elem" }, ip });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ code: "RATE_LIMITED", retryAfter: expect.any(Number) });
  });

  test("two server instances on one database share the limit", async () => {
    const second = createApp({
      config: t.config,
      db: t.db,
      auth: t.auth,
      mailer: t.mailer,
      secret: "test-secret-test-secret-test-secret-0123",
      log: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const ip = t.newIp();
    const env = { incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: "IPv4" } } };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const init = {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: JSON.stringify({ email: `shared${i}@example.com`, password: "wrong-password" }),
      };
      const app = i % 2 === 0 ? t.app : second;
      statuses.push((await app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, init, env)).status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });

  test("repeated failures from one address slow that address down on that account without locking it", async () => {
    await confirmedClient(t, "slow@example.com");
    const ip = t.newIp();
    for (let i = 0; i < 5; i++) expect((await signIn(t, "slow@example.com", "wrong-password", ip)).status).toBe(401);
    // After five failures: one try per 30 seconds from that address; the right password still works.
    expect((await signIn(t, "slow@example.com", PASSWORD, ip)).status).toBe(200);
    const again = t.newIp();
    for (let i = 0; i < 6; i++) await signIn(t, "slow@example.com", "wrong-password", again);
    const slowed = await signIn(t, "slow@example.com", "wrong-password", again);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a stranger's failures never refuse the right password from an address that did not fail", async () => {
    await confirmedClient(t, "target@example.com");
    await signedInStaff(t, "target-staff@example.com");
    // One address per account, so that its own limit of 10 sign-ins a minute stays out of the way.
    const attackers = { "target@example.com": t.newIp(), "target-staff@example.com": t.newIp() };
    for (const [email, attacker] of Object.entries(attackers)) {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await signIn(t, email, "wrong-password", attacker)).status);
      // Five free tries, then one per 30 seconds.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    }
    // …and the owners, from their own addresses, are not.
    const owner = t.newIp();
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t, "target@example.com", PASSWORD, owner)).status).toBe(200);
      expect((await signIn(t, "target-staff@example.com", PASSWORD, owner)).status).toBe(200);
    }
    // Their sign-ins do not wipe the attacker's record either.
    expect(
      (await signIn(t, "target-staff@example.com", "wrong-password", attackers["target-staff@example.com"])).status,
    ).toBe(429);
  });

  test("an address over its sign-in limit is refused before its body is read, and logged as one row with a count", async () => {
    const staff = await signedInStaff(t, "flood-staff@example.com");
    const ip = t.newIp();
    for (let i = 0; i < 10; i++)
      expect((await signIn(t, `flood${i}@example.com`, "wrong-password", ip)).status).toBe(401);
    // Together, as a flood arrives (each refusal is held back a second).
    const refused = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(t, `flood${i}@example.com`, "wrong-password", ip)),
    );
    expect(refused.map((res) => res.status)).toEqual(Array(30).fill(429));
    // Refused before anything reads the body: neither its size nor its syntax matters.
    const huge = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(100_000),
      ip,
    });
    expect(huge.status).toBe(429);
    expect(await huge.json()).toMatchObject({ code: "RATE_LIMITED" });

    const refusals = async () => {
      const res = await t.request("/api/admin/security-events?type=rate_limited", { headers: { cookie: staff } });
      const { events } = (await res.json()) as { events: { ip: string; count: number }[] };
      return events.filter((event) => event.ip === ip);
    };
    await expect
      .poll(async () => (await refusals()).reduce((sum, event) => sum + event.count, 0), { timeout: 5_000 })
      .toBe(31);
    // One row per minute at most (the burst may straddle a minute's end).
    expect((await refusals()).length).toBeLessThanOrEqual(2);
  });
});

describe("CSP reports and the security log", () => {
  test("a browser's report is logged with the violated directive, for staff only", async () => {
    const staff = await signedInStaff(t, "csp-staff@example.com");
    const client = await confirmedClient(t, "csp-client@example.com");
    const report = await t.request("/api/security/csp-report", {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify({
        "csp-report": {
          "document-uri": `${TEST_ORIGIN}/pricing`,
          "violated-directive": "script-src-elem",
          "blocked-uri": "inline",
        },
      }),
    });
    expect(report.status).toBe(204);
    const log = await t.request("/api/admin/security-events?type=csp_violation", { headers: { cookie: staff } });
    const { events } = (await log.json()) as {
      events: { message: string; path: string; details: { directive: string } }[];
    };
    expect(events[0]).toMatchObject({
      message: "CSP Violation: script-src-elem",
      path: "/pricing",
      details: { directive: "script-src-elem" },
    });
    expect((await t.request("/api/admin/security-events", { headers: { cookie: client } })).status).toBe(403);
  });

  test("the same event from one source within a minute is one row with a count", async () => {
    const staff = await signedInStaff(t, "csp-count-staff@example.com");
    const ip = t.newIp();
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await t.request("/api/security/csp-report", {
            json: { directive: "img-src", documentURI: `${TEST_ORIGIN}/counted` },
            ip,
          })
        ).status,
      ).toBe(204);
    }
    expect(
      (
        await t.request("/api/security/csp-report", {
          json: { directive: "font-src", documentURI: `${TEST_ORIGIN}/counted` },
          ip,
        })
      ).status,
    ).toBe(204);
    const log = await t.request("/api/admin/security-events?type=csp_violation", { headers: { cookie: staff } });
    const { events } = (await log.json()) as { events: { ip: string; message: string; count: number }[] };
    const mine = events.filter((event) => event.ip === ip);
    expect(mine.map((event) => [event.message, event.count]).sort()).toEqual([
      ["CSP Violation: font-src", 1],
      ["CSP Violation: img-src", 3],
    ]);
  });

  test.each([
    ["not JSON", "nope", 400],
    ["no directive", JSON.stringify({ "csp-report": {} }), 400],
    ["too large", JSON.stringify({ directive: "x".repeat(20_000) }), 413],
  ])("a bad report (%s) is a readable 4xx", async (_label, body, status) => {
    const res = await t.request("/api/security/csp-report", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  test("a bad filter is a readable 400", async () => {
    const staff = await signedInStaff(t, "filter-staff@example.com");
    const res = await t.request("/api/admin/security-events?type=everything", { headers: { cookie: staff } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "type: Unknown event type",
      code: "VALIDATION",
      fields: { type: "Unknown event type" },
    });
  });

  test("role changes and bans by staff are logged", async () => {
    const staff = await signedInStaff(t, "roles-staff@example.com");
    await confirmedClient(t, "promoted@example.com");
    const [target] = (
      await t.auth.api.listUsers({
        query: { searchValue: "promoted@example.com", searchField: "email" },
        headers: new Headers({ cookie: staff }),
      })
    ).users;
    await t.request("/api/auth/admin/set-role", {
      json: { userId: target!.id, role: "admin" },
      headers: { cookie: staff },
    });
    await t.request("/api/auth/admin/ban-user", {
      json: { userId: target!.id, banReason: "left the company" },
      headers: { cookie: staff },
    });
    const { events } = (await (
      await t.request("/api/admin/security-events", { headers: { cookie: staff } })
    ).json()) as { events: { type: string; message: string }[] };
    expect(events).toContainEqual(
      expect.objectContaining({ type: "role_changed", message: "Role of promoted@example.com set to admin" }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: "user_banned", message: "promoted@example.com was banned: left the company" }),
    );
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
      "/api/staff/automations",
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
      const res = await t.request(path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).message).toBe("The to= filter must be an email address.");
    }
  });
});
