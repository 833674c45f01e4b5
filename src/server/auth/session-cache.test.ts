import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApp } from "../app";
import { company, companyMember } from "../db/schema/companies";
import { silentLogger } from "../lib/logger";
import { createMetrics } from "../metrics/metrics";
import { PASSWORD, signIn } from "../test/auth-helpers";
import { afterMs } from "../test/clock";
import { as, givenClient, givenStaff, type Caller } from "../test/given";
import { cookieFrom, createTestRuntime, TEST_ORIGIN, type TestRuntime } from "../test/test-runtime";
import { SESSION_CHANGE_POLL_MS } from "./session-cache";

// Sessions are kept in each instance's memory; every way of ending or changing one must reach
// this instance at once and another instance (a second app on the same database) within the
// polling interval. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
let t: TestRuntime;
let staff: Caller;
let other: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "cache-staff@example.com");
  other = createApp({
    config: t.config,
    db: t.db,
    auth: t.auth,
    mailer: t.mailer,
    secret: t.config.AUTH_SECRET!,
    log: silentLogger,
    attachments: t.attachments,
    links: t.mailLinks,
    readiness: t.readiness,
    metrics: createMetrics(),
  });
});
afterAll(() => t.close());

const me = (cookie: string) => t.request("/api/me", { headers: { cookie } });
const meElsewhere = (cookie: string) => other.request(`${TEST_ORIGIN}/api/me`, { headers: { cookie } });

/** Both instances have the session in memory: a further read of it costs no session query. */
async function warm(cookie: string) {
  for (const read of [me, meElsewhere]) expect((await read(cookie)).status).toBe(200);
  const queries = await t.queriesOf(async () => {
    expect((await me(cookie)).status).toBe(200);
    expect((await meElsewhere(cookie)).status).toBe(200);
  });
  expect(queries.filter((query) => query.includes('from "session"'))).toEqual([]);
}

/** Refused here at once; refused by the other instance within its polling interval. */
async function expectRevoked(cookie: string) {
  expect((await me(cookie)).status).toBe(401);
  expect((await afterMs(SESSION_CHANGE_POLL_MS, () => meElsewhere(cookie))).status).toBe(401);
}

describe("a session kept in memory is refused once it ends", () => {
  test("sign-out", async () => {
    const { cookie } = await givenClient(t, "out@example.com");
    await warm(cookie);
    expect((await t.request("/api/auth/sign-out", { json: {}, headers: { cookie } })).status).toBe(200);
    await expectRevoked(cookie);
  });

  test("staff ending every session of the account", async () => {
    const { cookie, userId } = await givenClient(t, "revoked@example.com");
    await warm(cookie);
    const res = await as(staff, `/api/staff/users/${userId}/revoke-sessions`, { json: {} });
    expect(res.status).toBe(200);
    await expectRevoked(cookie);
  });

  test("a ban", async () => {
    const { cookie, userId } = await givenClient(t, "banned@example.com");
    await warm(cookie);
    const res = await as(staff, `/api/staff/users/${userId}/ban`, { json: { reason: "Abuse" } });
    expect(res.status).toBe(200);
    await expectRevoked(cookie);
  });

  test("a password change ends the other sessions", async () => {
    const { cookie } = await givenClient(t, "changed@example.com");
    const second = cookieFrom(await signIn(t, "changed@example.com", PASSWORD));
    await warm(cookie);
    await warm(second);
    const res = await t.request("/api/auth/change-password", {
      json: { currentPassword: PASSWORD, newPassword: "another horse battery", revokeOtherSessions: true },
      headers: { cookie: second },
    });
    expect(res.status).toBe(200);
    await expectRevoked(cookie);
  });

  test("a change made by the other instance reaches this one within the interval, not later", async () => {
    const { cookie } = await givenClient(t, "elsewhere@example.com");
    await warm(cookie);
    const out = await other.request(`${TEST_ORIGIN}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect((await meElsewhere(cookie)).status).toBe(401);
    expect((await afterMs(SESSION_CHANGE_POLL_MS, () => me(cookie))).status).toBe(401);
  });
});

describe("the membership kept with a session", () => {
  test("follows a renamed company and a removed member within the interval", async () => {
    const ann = await givenClient(t, "member@example.com", "First Co");
    await warm(ann.cookie);
    const companyOf = async (response: Response | Promise<Response>) =>
      ((await (await response).json()) as { company: { name: string } | null }).company;
    // Written outside both instances (as by another one): each sees it within its polling interval.
    await t.db.update(company).set({ name: "Renamed Co" }).where(eq(company.id, ann.companyId!));
    expect(await companyOf(afterMs(SESSION_CHANGE_POLL_MS, () => me(ann.cookie)))).toMatchObject({
      name: "Renamed Co",
    });
    expect(await companyOf(afterMs(SESSION_CHANGE_POLL_MS, () => meElsewhere(ann.cookie)))).toMatchObject({
      name: "Renamed Co",
    });
    await t.db.delete(companyMember).where(eq(companyMember.userId, ann.userId));
    // Two intervals on from the real time: the clock was already moved one interval ahead above.
    expect(await companyOf(afterMs(2 * SESSION_CHANGE_POLL_MS, () => me(ann.cookie)))).toBeNull();
    expect((await afterMs(2 * SESSION_CHANGE_POLL_MS, () => as(ann, "/api/dashboard"))).status).toBe(200);
  });
});
