import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { company, companyInvitation } from "../../db/schema/companies";
import { contactLead } from "../../db/schema/leads";
import { mailOutbox } from "../../db/schema/mail";
import { as, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import type * as RecordAudit from "../audit";

// The audit entry is the last write of each change: when it fails, nothing of the change may remain.
let failingAction: string | undefined;
vi.mock("../audit/record-audit", async (importOriginal) => {
  const real = await importOriginal<typeof RecordAudit>();
  return {
    ...real,
    audit: async (...args: Parameters<typeof real.audit>) => {
      if (args[1].action === failingAction) throw new Error("The audit log is unavailable.");
      return real.audit(...args);
    },
  };
});

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
}, 180_000);
afterAll(() => t.close());
afterEach(() => {
  failingAction = undefined;
});

const countOf = async (table: typeof company | typeof companyInvitation | typeof auditLog | typeof mailOutbox) =>
  (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table))[0]!.n;

async function newLead() {
  const [row] = await t.db
    .insert(contactLead)
    .values({ name: "Kim", email: "kim@x.test", message: "Invoices." })
    .returning({ id: contactLead.id });
  return row!.id;
}

test("a conversion whose audit entry fails leaves no company, invitation, mail or change to the lead", async () => {
  const id = await newLead();
  const before = await Promise.all([company, companyInvitation, auditLog].map(countOf));
  failingAction = "lead.converted";
  const response = await as(staff, `/api/staff/leads/${id}/convert`, { json: { companyName: "Kim Ltd" } });
  expect(response.status).toBe(500);
  expect(await Promise.all([company, companyInvitation, auditLog].map(countOf))).toEqual(before);
  expect(await t.outbox("kim@x.test")).toEqual([]);
  expect((await t.db.select().from(contactLead).where(eq(contactLead.id, id)))[0]).toMatchObject({
    status: "new",
    convertedCompanyId: null,
  });

  failingAction = undefined;
  const retried = await as(staff, `/api/staff/leads/${id}/convert`, { json: { companyName: "Kim Ltd" } });
  expect(retried.status).toBe(201);
});

test("a lead update or an email retry whose audit entry fails is not made", async () => {
  const id = await newLead();
  failingAction = "lead.updated";
  const patched = await as(staff, `/api/staff/leads/${id}`, {
    method: "PATCH",
    json: { status: "contacted", notes: "Called." },
  });
  expect(patched.status).toBe(500);
  expect((await t.db.select().from(contactLead).where(eq(contactLead.id, id)))[0]).toMatchObject({
    status: "new",
    notes: "",
  });

  const [mail] = await t.db
    .insert(mailOutbox)
    .values({ to: "z@x.test", subject: "S", text: "-", html: "-", kind: "test", status: "failed", attempts: 8 })
    .returning({ id: mailOutbox.id });
  failingAction = "email.retried";
  const retried = await as(staff, `/api/staff/emails/${mail!.id}/retry`, { method: "POST" });
  expect(retried.status).toBe(500);
  expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id)))[0]).toMatchObject({
    status: "failed",
    attempts: 8,
  });
});
