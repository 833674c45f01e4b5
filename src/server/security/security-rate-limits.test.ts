import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApp } from "../app";
import { createMetrics } from "../metrics/metrics";
import { confirmedClient, PASSWORD, signedInStaff, signIn } from "../test/auth-helpers";
import { TEST_ORIGIN, type TestRuntime } from "../test/test-runtime";
import { startSecurityRuntime } from "./security-test-runtime";

let t: TestRuntime;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await startSecurityRuntime());
});
afterAll(() => close());

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
      attachments: t.attachments,
      links: t.mailLinks,
      readiness: t.readiness,
      metrics: createMetrics(),
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
    await expect.poll(async () => (await refusals()).reduce((sum, event) => sum + event.count, 0)).toBe(31);
    // One row per minute at most (the burst may straddle a minute's end).
    expect((await refusals()).length).toBeLessThanOrEqual(2);
  });
});
