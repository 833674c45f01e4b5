import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { company, companyInvitation } from "../../db/schema/companies";
import { as, givenCompany, type Caller } from "../../test/given";
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
let owner: Caller;
let member: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  const acme = await givenCompany(t, {
    name: "Acme",
    owner: "ann@acme.test",
    members: [{ email: "bob@acme.test", ownCompany: "Own" }],
  });
  owner = acme.owner;
  member = acme.members[0]!;
}, 180_000);
afterAll(() => t.close());

const entries = () => t.db.select().from(auditLog).where(eq(auditLog.companyId, owner.companyId!));
/** A call as `who` from the office's address, which the audit entries name. */
const fromOffice = (who: Caller, path: string, init: { method?: string; json: unknown }) =>
  as(who, path, { ...init, ip: "10.6.6.6" });

test("an owner's invitation is audited in the same step", async () => {
  expect((await fromOffice(owner, "/api/company/invitations", { json: { email: "joe@acme.test" } })).status).toBe(201);
  expect(await entries()).toMatchObject([
    {
      action: "invitation.sent",
      actorEmail: "ann@acme.test",
      actorIp: "10.6.6.6",
      summary: "Invited joe@acme.test to Acme",
    },
  ]);
  expect((await fromOffice(member, "/api/company/invitations", { json: { email: "x@acme.test" } })).status).toBe(403);
  expect(await entries()).toHaveLength(1);

  vi.mocked(audit).mockRejectedValueOnce(new Error("audit log unavailable"));
  expect((await fromOffice(owner, "/api/company/invitations", { json: { email: "kim@acme.test" } })).status).toBe(500);
  expect(await t.db.select().from(companyInvitation).where(eq(companyInvitation.email, "kim@acme.test"))).toEqual([]);
  expect(await t.outbox("kim@acme.test")).toEqual([]);
});

test("an owner's change of the hourly value is audited with the values before and after", async () => {
  const response = await fromOffice(owner, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 6500 } });
  expect(response.status).toBe(200);
  expect((await entries()).at(-1)).toMatchObject({
    action: "company.hourly_value_changed",
    actorEmail: "ann@acme.test",
    summary: "Changed the hourly value of Acme from 50.00 EUR to 65.00 EUR",
    before: { hourlyValueMinor: 5000 },
    after: { hourlyValueMinor: 6500 },
  });
  const count = (await entries()).length;
  expect((await fromOffice(owner, "/api/company", { method: "PATCH", json: { hourlyValueMinor: -1 } })).status).toBe(
    400,
  );
  expect((await fromOffice(member, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 1 } })).status).toBe(
    403,
  );
  expect((await fromOffice(owner, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 6500 } })).status).toBe(
    200,
  );
  vi.mocked(audit).mockRejectedValueOnce(new Error("audit log unavailable"));
  expect((await fromOffice(owner, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 7000 } })).status).toBe(
    500,
  );
  expect(await entries()).toHaveLength(count);
  const [row] = await t.db.select().from(company).where(eq(company.id, owner.companyId!));
  expect(row!.hourlyValueMinor).toBe(6500);
});
