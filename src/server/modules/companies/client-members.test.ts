import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import {
  ZCancelInvitationResponse,
  ZMakeOwnerResponse,
  ZRemoveMemberResponse,
  ZResendInvitationResponse,
} from "../../../shared/client-detail";
import { ZInviteMemberResponse } from "../../../shared/companies";
import { auditLog } from "../../db/schema/audit";
import { companyInvitation, companyMember } from "../../db/schema/companies";
import { json } from "../../test/fixtures";
import { as, givenClient, givenMember, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { audit } from "../audit/record-audit";
import type * as RecordAudit from "../audit/record-audit";

// The real audit, which a test can make fail once to show the change is undone with it.
vi.mock("../audit/record-audit", async (importOriginal) => {
  const real = await importOriginal<typeof RecordAudit>();
  return { ...real, audit: vi.fn(real.audit) };
});
vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller;
let bob: Caller;
let other: Caller;
let acme: string;

/** Signs someone up and moves them into a company as a plain member. */
const memberOf = (companyId: string, email: string) => givenMember(t, companyId, { email, ownCompany: "Own" });

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme");
  acme = ann.companyId!;
  bob = await memberOf(acme, "bob@acme.test");
  other = await givenClient(t, "olga@other.test", "Other");
}, 180_000);
afterAll(() => t.close());

const asStaff = (path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/staff/companies/${path}`, { ...init, headers: { cookie: staff.cookie }, ip: "10.8.8.8" });
const lastEntry = async (companyId: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(desc(auditLog.createdAt)))[0];
const entryCount = async () => (await t.db.select().from(auditLog)).length;
const tokensFor = async (email: string) =>
  (await t.outbox(email))
    .filter((m) => m.kind === "company-invitation")
    .map((m) => m.text.match(/token=([\w-]+)/)![1]!);
const invitationOf = async (email: string) =>
  (await t.db.select().from(companyInvitation).where(eq(companyInvitation.email, email)))[0]!;
const accept = (who: Caller, token: string) => as(who, "/api/company/invitations/accept", { json: { token } });
const roles = async (companyId: string) => {
  const rows = await t.db.select().from(companyMember).where(eq(companyMember.companyId, companyId));
  return Object.fromEntries(rows.map((m) => [m.userId, m.role]));
};

test("staff invite on a company's behalf; the invitation is audited with it", async () => {
  const response = await asStaff(`${acme}/invitations`, { json: { email: "Cat@Acme.test" } });
  expect(response.status).toBe(201);
  expect(ZInviteMemberResponse.parse(await response.json()).email).toBe("cat@acme.test");
  expect(await lastEntry(acme)).toMatchObject({
    action: "invitation.sent",
    actorEmail: "sam@agency.test",
    actorIp: "10.8.8.8",
    summary: "Invited cat@acme.test to Acme",
  });
  const before = await entryCount();
  const bad = await asStaff(`${acme}/invitations`, { json: { email: "nope" } });
  expect(bad.status).toBe(400);
  expect(await json(bad)).toMatchObject({ fields: { email: "Invalid email" } });
  expect(await entryCount()).toBe(before);
});

test("resending gives a new link and expiry; the old link stops working; the mail goes out", async () => {
  const invitation = await invitationOf("cat@acme.test");
  await t.db
    .update(companyInvitation)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(companyInvitation.id, invitation.id));
  const [oldToken] = await tokensFor("cat@acme.test");
  const response = await asStaff(`${acme}/invitations/${invitation.id}/resend`, { method: "POST" });
  expect(response.status).toBe(200);
  const resent = ZResendInvitationResponse.parse(await response.json());
  expect(new Date(resent.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  const tokens = await tokensFor("cat@acme.test");
  expect(tokens).toHaveLength(2);
  expect(tokens[0]).not.toBe(oldToken);
  expect(await lastEntry(acme)).toMatchObject({
    action: "invitation.resent",
    objectId: invitation.id,
    summary: "Sent a new invitation link to cat@acme.test for Acme",
  });

  const cat = await givenClient(t, "cat@acme.test");
  expect((await accept(cat, oldToken!)).status).toBe(404);
  expect((await accept(cat, tokens[0]!)).status).toBe(200);
  const again = await asStaff(`${acme}/invitations/${invitation.id}/resend`, { method: "POST" });
  expect(again.status).toBe(409);
  expect(await json(again)).toMatchObject({ message: "cat@acme.test has already accepted this invitation." });
});

test("canceling an invitation stops its link and is audited", async () => {
  await asStaff(`${acme}/invitations`, { json: { email: "dan@acme.test" } });
  const invitation = await invitationOf("dan@acme.test");
  const response = await asStaff(`${acme}/invitations/${invitation.id}`, { method: "DELETE" });
  expect(response.status).toBe(200);
  expect(ZCancelInvitationResponse.parse(await response.json())).toEqual({ canceled: true });
  expect(await lastEntry(acme)).toMatchObject({
    action: "invitation.canceled",
    summary: "Canceled the invitation of dan@acme.test to Acme",
    before: { email: "dan@acme.test" },
  });
  const dan = await givenClient(t, "dan@acme.test");
  expect((await accept(dan, (await tokensFor("dan@acme.test"))[0]!)).status).toBe(404);
  expect((await asStaff(`${acme}/invitations/${invitation.id}`, { method: "DELETE" })).status).toBe(404);
});

test("another company's invitation or member is not reached through this company", async () => {
  await as(other, "/api/company/invitations", { json: { email: "x@other.test" } });
  const theirs = await invitationOf("x@other.test");
  const before = await entryCount();
  expect((await asStaff(`${acme}/invitations/${theirs.id}/resend`, { method: "POST" })).status).toBe(404);
  expect((await asStaff(`${acme}/invitations/${theirs.id}`, { method: "DELETE" })).status).toBe(404);
  expect((await asStaff(`${acme}/members/${other.userId}`, { method: "DELETE" })).status).toBe(404);
  expect((await asStaff(`${acme}/owner`, { json: { userId: other.userId } })).status).toBe(404);
  expect(await invitationOf("x@other.test")).toEqual(theirs);
  expect(await roles(other.companyId!)).toEqual({ [other.userId]: "owner" });
  expect(await entryCount()).toBe(before);
});

test("the owner cannot be removed; a member can, and keeps their account without a company", async () => {
  const before = await entryCount();
  const refused = await asStaff(`${acme}/members/${ann.userId}`, { method: "DELETE" });
  expect(refused.status).toBe(409);
  expect(await json(refused)).toMatchObject({
    message: "ann@acme.test is the owner of Acme and cannot be removed. Make someone else the owner first.",
  });
  expect(await entryCount()).toBe(before);

  const response = await asStaff(`${acme}/members/${bob.userId}`, { method: "DELETE" });
  expect(response.status).toBe(200);
  expect(ZRemoveMemberResponse.parse(await response.json())).toEqual({ removed: true });
  expect(await lastEntry(acme)).toMatchObject({ action: "member.removed", summary: "Removed bob@acme.test from Acme" });
  const me = await json<{ user: { email: string }; company: unknown }>(as(bob, "/api/me"));
  expect(me).toMatchObject({ user: { email: "bob@acme.test" }, company: null });
});

test("making a member owner demotes the previous owner to member", async () => {
  const eve = await memberOf(acme, "eve@acme.test");
  const response = await asStaff(`${acme}/owner`, { json: { userId: eve.userId } });
  expect(response.status).toBe(200);
  expect(ZMakeOwnerResponse.parse(await response.json())).toEqual({
    ownerUserId: eve.userId,
    previousOwnerUserId: ann.userId,
  });
  expect(await roles(acme)).toMatchObject({ [eve.userId]: "owner", [ann.userId]: "member" });
  expect(await lastEntry(acme)).toMatchObject({
    action: "member.made_owner",
    summary: "Made eve@acme.test the owner of Acme in place of ann@acme.test",
    before: { owner: "ann@acme.test" },
    after: { owner: "eve@acme.test" },
  });
  const twice = await asStaff(`${acme}/owner`, { json: { userId: eve.userId } });
  expect(twice.status).toBe(409);
  const bad = await asStaff(`${acme}/owner`, { json: { userId: "" } });
  expect(bad.status).toBe(400);
  expect(await json(bad)).toMatchObject({ fields: { userId: "Not a valid user id" } });
});

test("a change whose audit entry cannot be written is not made", async () => {
  vi.mocked(audit).mockRejectedValueOnce(new Error("audit log unavailable"));
  expect((await asStaff(`${acme}/members/${ann.userId}`, { method: "DELETE" })).status).toBe(500);
  const still = await t.db
    .select()
    .from(companyMember)
    .where(and(eq(companyMember.companyId, acme), eq(companyMember.userId, ann.userId)));
  expect(still).toHaveLength(1);
});
