import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { company, companyMember } from "../../db/schema/companies";
import { json } from "../../test/fixtures";
import { as, givenClient, givenMember, type Caller } from "../../test/given";
import { expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

// PGlite and scrypt are slow on a busy machine; these tests make whole accounts.
vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let owner: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  owner = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

const tokenFor = async (email: string) =>
  (await t.outbox(email)).find((m) => m.kind === "company-invitation")!.text.match(/token=([\w-]+)/)![1]!;

test("owner invites by email; the invitee joins after signing up, once", async () => {
  const sent = await as(owner, "/api/company/invitations", { json: { email: "Joe@Acme.test" } });
  expect(sent.status).toBe(201);
  const mail = (await t.outbox("joe@acme.test")).find((m) => m.kind === "company-invitation");
  expect(mail?.text).toContain("/accept-invitation?token=");
  const token = await tokenFor("joe@acme.test");

  const joe = await givenClient(t, "joe@acme.test");
  const ownCompany = joe.companyId!;
  const accepted = await as(joe, "/api/company/invitations/accept", { json: { token } });
  expect(accepted.status).toBe(200);
  const me = await json<{ company: { id: string; role: string } }>(as(joe, "/api/me"));
  expect(me.company).toMatchObject({ id: owner.companyId, role: "member" });
  // The empty company made at sign-up is gone.
  expect(await t.db.select().from(company).where(eq(company.id, ownCompany))).toHaveLength(0);
  const again = await as(joe, "/api/company/invitations/accept", { json: { token } });
  expect(again.status).toBe(410);
  const overview = await json<{ members: { email: string }[] }>(as(owner, "/api/company"));
  expect(overview.members.map((m) => m.email)).toEqual(["ann@acme.test", "joe@acme.test"]);
});

test("an invitation works only for its address; members cannot invite", async () => {
  await as(owner, "/api/company/invitations", { json: { email: "kim@acme.test" } });
  const token = await tokenFor("kim@acme.test");
  const other = await givenClient(t, "mallory@evil.test", "Evil");
  const refused = await as(other, "/api/company/invitations/accept", { json: { token } });
  expect(refused.status).toBe(403);
  expect((await as(other, "/api/company/invitations/accept", { json: { token: "forged" } })).status).toBe(404);
  const joe = await givenClient(t, "lee@acme.test");
  await as(owner, "/api/company/invitations", { json: { email: "lee@acme.test" } });
  await as(joe, "/api/company/invitations/accept", { json: { token: await tokenFor("lee@acme.test") } });
  const denied = await as(joe, "/api/company/invitations", { json: { email: "x@acme.test" } });
  expect(denied.status).toBe(403);
});

const accept = (who: Caller, token: string) => as(who, "/api/company/invitations/accept", { json: { token } });
const membershipsOf = (userId: string) =>
  t.db
    .select({ companyId: companyMember.companyId, role: companyMember.role })
    .from(companyMember)
    .where(eq(companyMember.userId, userId));

test("an owner whose company has other members cannot leave it by accepting an invitation; alone, they can", async () => {
  const olga = await givenClient(t, "olga@olga.test", "Olga Ltd");
  const mia = await givenMember(t, olga.companyId!, "mia@olga.test");
  await as(owner, "/api/company/invitations", { json: { email: "olga@olga.test" } });
  const token = await tokenFor("olga@olga.test");

  const refused = await expectError(accept(olga, token), 409);
  expect(refused).toMatchObject({
    reason: "owner-with-members",
    message:
      "You own Olga Ltd, which has 1 other member: joining Acme would leave them without an owner. " +
      "Ask us to make one of them its owner first, then accept again.",
  });
  expect(await membershipsOf(olga.userId)).toEqual([{ companyId: olga.companyId, role: "owner" }]);
  expect(await membershipsOf(mia.userId)).toEqual([{ companyId: olga.companyId, role: "member" }]);

  // Once she is the only one left, the same invitation works: she joins, and her empty company goes.
  await t.db.delete(companyMember).where(eq(companyMember.userId, mia.userId));
  expect((await accept(olga, token)).status).toBe(200);
  expect(await membershipsOf(olga.userId)).toEqual([{ companyId: owner.companyId, role: "member" }]);
  expect(await t.db.select().from(company).where(eq(company.id, olga.companyId!))).toHaveLength(0);
});
