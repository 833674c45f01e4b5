import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetClientCompanyResponse, ZUpdateClientCompanyResponse } from "../../../shared/client-detail";
import { ZGetDashboardResponse } from "../../../shared/dashboard";
import { auditLog } from "../../db/schema/audit";
import { company, companyInvitation } from "../../db/schema/companies";
import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenCompany, givenStaff, type Caller } from "../../test/given";
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
let owner: Caller;
let member: Caller;
let companyId: string;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
  const acme = await givenCompany(t, {
    name: "Acme",
    owner: "ann@acme.test",
    members: [{ email: "bob@acme.test", ownCompany: "Bob's own" }],
  });
  owner = acme.owner;
  companyId = acme.id;
  member = acme.members[0]!;
}, 180_000);
afterAll(() => t.close());

const asStaff = (path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/staff/companies/${path}`, { ...init, headers: { cookie: staff.cookie }, ip: "10.7.7.7" });
const entriesOf = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, id), eq(auditLog.objectType, "company")))
    .orderBy(auditLog.createdAt);

test("staff read a company: settings, members (owner first), open and expired invitations, counts", async () => {
  await as(owner, "/api/company/invitations", { json: { email: "new@acme.test" } });
  await as(owner, "/api/company/invitations", { json: { email: "old@acme.test" } });
  await t.db
    .update(companyInvitation)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(companyInvitation.email, "old@acme.test"));
  await registerAutomation(t, staff, companyId, { name: "Invoice sync" });

  const response = await asStaff(companyId);
  expect(response.status).toBe(200);
  const detail = ZGetClientCompanyResponse.parse(await response.json());
  expect(detail.company).toMatchObject({ id: companyId, name: "Acme", status: "trial", currency: "EUR" });
  expect(detail.members.map((m) => [m.email, m.role, m.emailVerified])).toEqual([
    ["ann@acme.test", "owner", true],
    ["bob@acme.test", "member", true],
  ]);
  expect(detail.invitations.map((i) => [i.email, i.expired])).toEqual([
    ["old@acme.test", true],
    ["new@acme.test", false],
  ]);
  expect(detail.counts).toEqual({ members: 2, openInvitations: 1, automations: 1, automationsLive: 1 });
});

test("only staff reach a company's detail, figures, settings and people", async () => {
  const calls: { path: string; method: string; json?: unknown }[] = [
    { path: companyId, method: "GET" },
    { path: `${companyId}/dashboard`, method: "GET" },
    { path: companyId, method: "PATCH", json: { name: "Other" } },
    { path: `${companyId}/invitations`, method: "POST", json: { email: "x@acme.test" } },
    { path: `${companyId}/invitations/${UNKNOWN}/resend`, method: "POST" },
    { path: `${companyId}/invitations/${UNKNOWN}`, method: "DELETE" },
    { path: `${companyId}/members/${member.userId}`, method: "DELETE" },
    { path: `${companyId}/owner`, method: "POST", json: { userId: member.userId } },
  ];
  const before = await t.db.select().from(auditLog);
  for (const call of calls) {
    const url = `/api/staff/companies/${call.path}`;
    expect((await t.request(url, { method: call.method, json: call.json })).status, url).toBe(401);
    for (const client of [owner, member]) {
      const refused = await as(client, url, { method: call.method, json: call.json });
      expect(refused.status, url).toBe(403);
    }
  }
  expect(await t.db.select().from(auditLog)).toEqual(before);
});

test("an unknown or malformed company id is a 404", async () => {
  const unknown = await asStaff(UNKNOWN);
  expect(unknown.status).toBe(404);
  expect(await json(unknown)).toMatchObject({ message: "There is no such client company." });
  expect((await asStaff("not-a-uuid")).status).toBe(404);
  expect((await asStaff(`${UNKNOWN}/dashboard`)).status).toBe(404);
});

test("the company's dashboard for staff is the one its owner sees", async () => {
  const automation = await registerAutomation(t, staff, companyId, { name: "Lead router", minutesSavedPerRun: 30 });
  const now = new Date().toISOString();
  await postRun(t, automation.key, { externalRunId: "r1", status: "success", startedAt: now });
  await postRun(t, automation.key, { externalRunId: "r2", status: "failed", startedAt: now, errorMessage: "Down" });

  const forStaff = ZGetDashboardResponse.parse(await json(asStaff(`${companyId}/dashboard`)));
  const forOwner = ZGetDashboardResponse.parse(await json(as(owner, "/api/dashboard")));
  expect(forStaff).toEqual({ ...forOwner, company: { ...forOwner.company, role: null } });
  expect(forStaff.runsThisMonth).toBe(2);
  expect(forStaff.company).toMatchObject({ id: companyId, name: "Acme" });
  const client = await as(member, `/api/staff/companies/${companyId}/dashboard`);
  expect(client.status).toBe(403);
});

test("staff rename a company; the entry records who, from where, before and after", async () => {
  const response = await asStaff(companyId, { method: "PATCH", json: { name: "Acme Group" } });
  expect(response.status).toBe(200);
  expect(ZUpdateClientCompanyResponse.parse(await response.json()).company).toMatchObject({
    name: "Acme Group",
    status: "trial",
  });
  const [entry] = await entriesOf(companyId);
  expect(entry).toMatchObject({
    action: "company.renamed",
    actorEmail: "sam@agency.test",
    actorIp: "10.7.7.7",
    objectType: "company",
    summary: "Renamed Acme to Acme Group",
    before: { name: "Acme" },
    after: { name: "Acme Group" },
  });
  await asStaff(companyId, { method: "PATCH", json: { name: "Acme Group" } });
  expect((await entriesOf(companyId)).map((e) => e.action)).toEqual(["company.renamed"]);
});

test("bad input is refused with the field's message, and nothing changes or is recorded", async () => {
  const before = await entriesOf(companyId);
  // The status follows the company's books (ADR 0031): a request to set it is a request with nothing to change.
  const setStatus = await asStaff(companyId, { method: "PATCH", json: { status: "active" } });
  expect(setStatus.status).toBe(400);
  expect(await json(setStatus)).toMatchObject({ fields: { name: "Send a new name" } });
  const blank = await asStaff(companyId, { method: "PATCH", json: { name: "   " } });
  expect(blank.status).toBe(400);
  expect((await asStaff(UNKNOWN, { method: "PATCH", json: { name: "Nope" } })).status).toBe(404);
  const asOwner = await as(owner, `/api/staff/companies/${companyId}`, { method: "PATCH", json: { name: "Mine" } });
  expect(asOwner.status).toBe(403);
  const [row] = await t.db.select().from(company).where(eq(company.id, companyId));
  expect(row).toMatchObject({ name: "Acme Group" });
  expect(await entriesOf(companyId)).toEqual(before);
});

test("the change and its audit entry are one transaction: when the entry fails, the change is undone", async () => {
  vi.mocked(audit).mockRejectedValueOnce(new Error("audit log unavailable"));
  const response = await asStaff(companyId, { method: "PATCH", json: { name: "Acme Holdings" } });
  expect(response.status).toBe(500);
  const [row] = await t.db.select().from(company).where(eq(company.id, companyId));
  expect(row!.name).toBe("Acme Group");
});
