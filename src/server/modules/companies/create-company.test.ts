import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZListAuditLogResponse } from "../../../shared/audit";
import { ZCreateClientCompanyResponse } from "../../../shared/companies";
import { auditLog } from "../../db/schema/audit";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { json } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
}, 180_000);
afterAll(() => t.close());

const create = (body: unknown, cookie = staff.cookie) =>
  t.request("/api/staff/companies", { headers: { cookie }, json: body, ip: "10.9.9.9" });

test("staff create a company and invite its first user, who becomes the owner on accepting", async () => {
  const response = await create({ name: "Globex", inviteEmail: "Hank@Globex.test" });
  expect(response.status).toBe(201);
  const created = ZCreateClientCompanyResponse.parse(await response.json());
  expect(created.company).toMatchObject({ name: "Globex", status: "trial" });
  expect(created.invitation?.email).toBe("hank@globex.test");

  const entries = await t.db.select().from(auditLog).where(eq(auditLog.companyId, created.company.id));
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    action: "company.created",
    actorEmail: "sam@agency.test",
    actorIp: "10.9.9.9",
    summary: "Created the client company Globex and invited hank@globex.test",
  });

  const token = (await t.outbox("hank@globex.test"))
    .find((m) => m.kind === "company-invitation")!
    .text.match(/token=([\w-]+)/)![1]!;
  const hank = await givenClient(t, "hank@globex.test");
  const accepted = await as(hank, "/api/company/invitations/accept", { json: { token } });
  expect(accepted.status).toBe(200);
  const me = await json<{ company: { id: string; role: string } }>(as(hank, "/api/me"));
  expect(me.company).toMatchObject({ id: created.company.id, role: "owner" });
});

test("bad input is refused with the field's message and writes nothing", async () => {
  const before = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(company);
  const response = await create({ name: " ", inviteEmail: "not-an-address" });
  expect(response.status).toBe(400);
  const body = await json<{ fields: Record<string, string> }>(response);
  expect(body.fields).toMatchObject({ name: "Required", inviteEmail: "Invalid email" });
  const after = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(company);
  expect(after[0]!.n).toBe(before[0]!.n);
});

test("a company can be created without an invitation; clients cannot create companies", async () => {
  const response = await create({ name: "Initech" });
  expect(response.status).toBe(201);
  const created = ZCreateClientCompanyResponse.parse(await response.json());
  expect(created).toMatchObject({ company: { status: "trial" }, invitation: null });
  expect(
    await t.db.select().from(companyInvitation).where(eq(companyInvitation.companyId, created.company.id)),
  ).toEqual([]);
  const client = await givenClient(t, "eve@evil.test", "Evil");
  expect((await create({ name: "Sneaky" }, client.cookie)).status).toBe(403);
});

test("the audit log lists entries newest first, by company, and refuses edits and deletions", async () => {
  const all = ZListAuditLogResponse.parse(await json(as(staff, "/api/staff/audit-log")));
  const created = all.entries.filter((e) => e.action === "company.created");
  expect(created.map((e) => e.companyName)).toEqual(["Initech", "Globex"]);
  const globexId = created[1]!.companyId!;
  const one = ZListAuditLogResponse.parse(await json(as(staff, `/api/staff/audit-log?companyId=${globexId}`)));
  // Hank accepted the invitation to Globex after it was created.
  expect(one.entries.map((e) => e.action)).toEqual(["member.joined", "company.created"]);
  const badCursor = await as(staff, "/api/staff/audit-log?cursor=nonsense");
  expect(badCursor.status).toBe(400);

  await expect(t.db.update(auditLog).set({ summary: "edited" })).rejects.toThrow();
  await expect(t.db.delete(auditLog)).rejects.toThrow();
  expect((await t.db.select().from(auditLog)).map((e) => e.summary)).not.toContain("edited");
});

test("two people accepting invitations to an owner-less company at once: exactly one becomes owner", async () => {
  const created = ZCreateClientCompanyResponse.parse(
    await json(create({ name: "Umbrella", inviteEmail: "una@umbrella.test" })),
  );
  const invited = await as(staff, `/api/staff/companies/${created.company.id}/invitations`, {
    json: { email: "ugo@umbrella.test" },
  });
  expect(invited.status).toBe(201);
  const tokenOf = async (email: string) =>
    (await t.outbox(email)).find((m) => m.kind === "company-invitation")!.text.match(/token=([\w-]+)/)![1]!;
  const people = await Promise.all(
    ["una@umbrella.test", "ugo@umbrella.test"].map(async (email) => ({
      cookie: (await givenClient(t, email)).cookie,
      token: await tokenOf(email),
    })),
  );
  const answers = await Promise.all(
    people.map(({ cookie, token }) =>
      t.request("/api/company/invitations/accept", { headers: { cookie }, json: { token } }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  const roles = await t.db
    .select({ role: companyMember.role })
    .from(companyMember)
    .where(eq(companyMember.companyId, created.company.id))
    .orderBy(companyMember.role);
  expect(roles.map((r) => r.role)).toEqual(["member", "owner"]);
});
