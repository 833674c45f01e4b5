import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZAcceptInvitationResponse } from "../../../shared/companies";
import { auditLog } from "../../db/schema/audit";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { as, givenClient, givenCompany, givenStaff, type Caller } from "../../test/given";
import { givenSubscription } from "../../test/given-books";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
}, 180_000);
afterAll(() => t.close());

const tokenOf = async (email: string) =>
  (await t.outbox(email)).findLast((m) => m.kind === "company-invitation")!.text.match(/token=([\w-]+)/)![1]!;
async function invite(companyId: string, email: string) {
  const sent = await as(staff, `/api/staff/companies/${companyId}/invitations`, { json: { email } });
  expect(sent.status).toBeLessThan(300);
  return tokenOf(email);
}
const accept = (who: Caller, token: string) => as(who, "/api/company/invitations/accept", { json: { token } });
const membersOf = (companyId: string) =>
  t.db
    .select({ userId: companyMember.userId, role: companyMember.role })
    .from(companyMember)
    .where(eq(companyMember.companyId, companyId));
const entriesOf = (companyId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(auditLog.createdAt);

test("the only member of a paying company cannot leave it with nobody by accepting an invitation", async () => {
  const target = await givenCompany(t, { name: "Target Co", owner: "tess@target.test" });
  const paying = await givenClient(t, "paul@paying.test", "Paying Ltd");
  await givenSubscription(t, paying.companyId!, { plan: "growth", status: "active" });
  const token = await invite(target.id, "paul@paying.test");

  const refused = await expectError(accept(paying, token), 409);
  expect(refused.message).toBe(
    "You are the only member of Paying Ltd, which has a subscription: joining Target Co would leave it with nobody. " +
      "Invite someone to Paying Ltd first (or ask us to close it), then accept again.",
  );
  // Nothing moved: still its owner, the invitation still waiting, nobody added to the target.
  expect(await membersOf(paying.companyId!)).toEqual([{ userId: paying.userId, role: "owner" }]);
  expect(await membersOf(target.id)).toHaveLength(1);
  const [pending] = await t.db
    .select()
    .from(companyInvitation)
    .where(and(eq(companyInvitation.email, "paul@paying.test"), isNull(companyInvitation.acceptedAt)));
  expect(pending).toBeDefined();
});

test("joining from an empty company of one's own removes it; every step is in both companies' logs", async () => {
  const target = await givenCompany(t, { name: "Hooli", owner: "gavin@hooli.test" });
  const newcomer = await givenClient(t, "richard@pied.test", "Pied Piper");
  const ownId = newcomer.companyId!;
  const token = await invite(target.id, "richard@pied.test");

  const joined = await expectBody(accept(newcomer, token), 200, ZAcceptInvitationResponse);
  expect(joined).toMatchObject({ companyId: target.id, companyName: "Hooli" });
  expect(await membersOf(target.id)).toContainEqual({ userId: newcomer.userId, role: "member" });
  expect(await t.db.select().from(company).where(eq(company.id, ownId))).toEqual([]);

  // One transaction: both entries carry the same time, so they are compared in name order.
  expect((await entriesOf(ownId)).map((e) => [e.action, e.summary]).sort()).toEqual([
    ["company.deleted", "Removed Pied Piper: its only member left it, and it held nothing"],
    ["member.left", "richard@pied.test left Pied Piper to accept an invitation"],
  ]);
  expect((await entriesOf(target.id)).map((e) => e.action)).toContain("member.joined");
  const [entry] = (await entriesOf(target.id)).filter((e) => e.action === "member.joined");
  expect(entry).toMatchObject({
    actorEmail: "richard@pied.test",
    summary: "richard@pied.test accepted the invitation and joined Hooli as its member",
    after: { email: "richard@pied.test", role: "member" },
  });
});

test("a plain member moves to another company; the company left keeps its owner and records the departure", async () => {
  const left = await givenCompany(t, { name: "Stays Co", owner: "sara@stays.test", members: ["mo@stays.test"] });
  const target = await givenCompany(t, { name: "Goes Co", owner: "gil@goes.test" });
  const mover = left.members[0]!;
  await givenSubscription(t, left.id, { plan: "starter", status: "active" });
  const token = await invite(target.id, "mo@stays.test");

  await expectBody(accept(mover, token), 200, ZAcceptInvitationResponse);
  expect(await membersOf(left.id)).toEqual([{ userId: left.owner.userId, role: "owner" }]);
  expect((await entriesOf(left.id)).map((e) => e.summary)).toContain(
    "mo@stays.test left Stays Co to accept an invitation",
  );
});
