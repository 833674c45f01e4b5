import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZBanUserResponse, ZUserActionResponse } from "../../../shared/users";
import { SESSION_CHANGE_POLL_MS } from "../../auth/session-cache";
import { user } from "../../db/schema/auth";
import { PASSWORD, signIn } from "../../test/auth-helpers";
import { afterMs } from "../../test/clock";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { banUser } from "./ban-user.service";
import { usersKit } from "./users-test-kit";
import type { AppError } from "../../lib/app-error";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let kit: ReturnType<typeof usersKit>;
let staff: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  kit = usersKit(t);
  staff = await givenStaff(t, "sam@agency.test");
}, 240_000);
afterAll(() => t.close());

const bannedRow = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!;

test("a ban ends every session at once, refuses sign-in, and is audited and logged with the change", async () => {
  const ann = await givenClient(t, "ann@acme.test", "Acme Ltd");
  const second = cookieFrom(await signIn(t, ann.email));
  expect(await kit.sessionsOf(ann.userId)).toBe(2);

  const banned = await expectBody(
    kit.act(staff, ann.userId, "ban", { reason: "Shared the account" }),
    200,
    ZBanUserResponse,
  );
  expect(banned).toMatchObject({ sessionsEnded: 2, user: { banned: true, banReason: "Shared the account" } });
  expect(await kit.sessionsOf(ann.userId)).toBe(0);
  for (const cookie of [ann.cookie, second]) {
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(401);
    expect(await (await t.request("/api/auth/get-session", { headers: { cookie } })).json()).toBeNull();
  }
  const refused = await signIn(t, ann.email, PASSWORD);
  expect(refused.status).toBe(403);
  // It cannot open a ticket, so it is not sent to "support": the public contact form is the way that works.
  const { message } = (await refused.json()) as { message: string };
  expect(message).toMatch(/banned/);
  expect(message).not.toMatch(/support/i);
  expect(message).toContain(`through the contact form at ${t.config.APP_URL}/contact`);

  const [entry] = await kit.auditOf(ann.userId);
  expect(entry).toMatchObject({
    action: "user.banned",
    actorEmail: "sam@agency.test",
    actorIp: "10.7.7.7",
    companyId: ann.companyId,
    summary: "Banned ann@acme.test (Shared the account) and ended their 2 sessions",
  });
  const [event] = await kit.eventsOf(ann.userId);
  expect(event).toMatchObject({
    type: "user_banned",
    message: "ann@acme.test was banned: Shared the account",
    email: "ann@acme.test",
    details: { by: "sam@agency.test", sessionsEnded: 2 },
  });

  const unbanned = await expectBody(kit.act(staff, ann.userId, "unban"), 200, ZUserActionResponse);
  expect(unbanned.user).toMatchObject({ banned: false, banReason: null });
  expect((await signIn(t, ann.email)).status).toBe(200);
  expect((await kit.auditOf(ann.userId))[0]).toMatchObject({
    action: "user.unbanned",
    summary: "Unbanned ann@acme.test",
  });
  expect((await kit.eventsOf(ann.userId))[0]).toMatchObject({
    type: "user_unbanned",
    message: "ann@acme.test was unbanned",
  });
});

test("a session that slipped in while the ban was written does not work", async () => {
  const cy = await givenClient(t, "cy@acme.test");
  await t.db.update(user).set({ banned: true, banReason: "test" }).where(eq(user.id, cy.userId));
  // Written by another instance: this one reads the change within its polling interval.
  expect((await afterMs(SESSION_CHANGE_POLL_MS, () => as(cy, "/api/me"))).status).toBe(401);
  expect(await kit.sessionsOf(cy.userId)).toBe(0);
});

test("refusals change nothing and write nothing", async () => {
  const dee = await givenClient(t, "dee@acme.test");
  const self = await expectError(kit.act(staff, staff.userId, "ban", { reason: "Oops" }), 403);
  expect(self.message).toBe("You cannot ban your own account.");
  expect((await expectError(kit.act(staff, dee.userId, "ban", { reason: " " }), 400)).fields).toEqual({
    reason: "Required",
  });
  await expectError(kit.act(dee, staff.userId, "ban", { reason: "Revenge" }), 403);
  expect((await expectError(kit.act(staff, dee.userId, "unban"), 409)).message).toBe("dee@acme.test is not banned.");
  expect(await kit.auditOf(dee.userId)).toEqual([]);
  expect(await kit.auditOf(staff.userId)).toEqual([]);
  expect((await bannedRow(staff.userId)).banned).toBeFalsy();

  await kit.act(staff, dee.userId, "ban", { reason: "Spam" });
  expect((await expectError(kit.act(staff, dee.userId, "ban", { reason: "Again" }), 409)).message).toBe(
    "dee@acme.test is already banned.",
  );
  expect(await kit.auditOf(dee.userId)).toHaveLength(1);
});

test("the ban, its audit entry and its security-log event are written together or not at all", async () => {
  for (const table of ["security_event", "audit_log"] as const) {
    const eve = await givenClient(t, `eve-${table}@acme.test`);
    const restore = await kit.failInsertsInto(table);
    try {
      expect((await kit.act(staff, eve.userId, "ban", { reason: "Spam" })).status).toBe(500);
    } finally {
      await restore();
    }
    expect((await bannedRow(eve.userId)).banned).toBeFalsy();
    expect(await kit.sessionsOf(eve.userId)).toBe(1);
    expect(await kit.auditOf(eve.userId)).toEqual([]);
    expect(await kit.eventsOf(eve.userId)).toEqual([]);
  }
});

test("two staff banning each other at once cannot leave the agency without staff", async () => {
  const kim = await givenStaff(t, "kim@agency.test");
  const lee = await givenStaff(t, "lee@agency.test");
  await t.db.update(user).set({ role: "client" }).where(eq(user.id, staff.userId));
  try {
    const actor = (who: Caller) =>
      t.context({ actor: { id: who.userId, email: who.email, name: "", role: "admin", ip: null } });
    const outcomes = await Promise.allSettled([
      banUser(actor(kim), { userId: lee.userId, reason: "Mutiny" }),
      banUser(actor(lee), { userId: kim.userId, reason: "Mutiny" }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refusal = outcomes.find((outcome) => outcome.status === "rejected")!.reason as AppError;
    expect(refusal.message).toBe("Your account is no longer an active staff account.");
    const banned = [await bannedRow(kim.userId), await bannedRow(lee.userId)].filter((row) => row.banned);
    expect(banned).toHaveLength(1);
  } finally {
    await t.db.update(user).set({ role: "admin" }).where(eq(user.id, staff.userId));
  }
});
