import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  ZConvertLeadResponse,
  ZListLeadMatchesResponse,
  ZListLeadsResponse,
  ZUpdateLeadResponse,
} from "../../../shared/leads";
import { auditLog } from "../../db/schema/audit";
import { company, companyInvitation } from "../../db/schema/companies";
import { contactLead } from "../../db/schema/leads";
import { json } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let client: Caller;
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  client = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

const ip = "10.8.8.8";
const list = (query = "", cookie = staff.cookie) => t.request(`/api/staff/leads${query}`, { headers: { cookie } });
const patch = (id: string, body: unknown, cookie = staff.cookie) =>
  t.request(`/api/staff/leads/${id}`, { method: "PATCH", headers: { cookie }, json: body, ip });
const convert = (id: string, body: unknown, cookie = staff.cookie) =>
  t.request(`/api/staff/leads/${id}/convert`, { headers: { cookie }, json: body, ip });

let hour = 0;
/** A lead as the contact form stores it, an hour after the previous one. */
async function lead(values: { name: string; email: string; company?: string; message?: string }) {
  const createdAt = new Date(Date.UTC(2026, 2, 1, hour++));
  const [row] = await t.db
    .insert(contactLead)
    .values({ message: "We retype invoices every Friday.", ...values, createdAt, updatedAt: createdAt })
    .returning({ id: contactLead.id });
  return row!.id;
}
const auditOf = (id: string) => t.db.select().from(auditLog).where(eq(auditLog.objectId, id));
const leadRow = async (id: string) => (await t.db.select().from(contactLead).where(eq(contactLead.id, id)))[0]!;
const companies = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(company))[0]!.n;

describe("the leads inbox", () => {
  test("lists leads newest first, by status and by words, a page at a time", async () => {
    const dana = await lead({ name: "Dana Example", email: "dana@example.test", company: "Example GmbH" });
    const eli = await lead({ name: "Eli", email: "eli@shop.test", message: "Our CRM and our shop disagree." });
    await t.db.update(contactLead).set({ status: "contacted" }).where(eq(contactLead.id, eli));

    const all = await expectBody(list(), 200, ZListLeadsResponse);
    expect(all.leads.map((l) => l.id)).toEqual([eli, dana]);
    expect(all).toMatchObject({ page: 1, total: 2 });
    expect(all.leads[1]).toMatchObject({
      name: "Dana Example",
      email: "dana@example.test",
      company: "Example GmbH",
      status: "new",
      notes: "",
      convertedCompanyId: null,
    });
    expect((await expectBody(list("?status=new"), 200, ZListLeadsResponse)).leads.map((l) => l.id)).toEqual([dana]);
    for (const q of ["gmbh", "DANA@", "crm"])
      expect((await expectBody(list(`?q=${q}`), 200, ZListLeadsResponse)).total).toBe(1);
    expect((await expectBody(list("?q=100%25"), 200, ZListLeadsResponse)).total).toBe(0);
    expect((await expectBody(list("?page=2"), 200, ZListLeadsResponse)).leads).toEqual([]);
  });

  test("refuses bad filters with the field's message", async () => {
    expect((await expectError(list("?status=closed"), 400)).fields).toEqual({
      status: "Status must be new, contacted, won or lost",
    });
    expect((await expectError(list("?page=abc"), 400)).fields).toEqual({ page: "Page must be a number" });
  });
});

describe("following a lead up", () => {
  test("status and notes change together, with one audit entry", async () => {
    const id = await lead({ name: "Fay", email: "fay@x.test" });
    const updated = await expectBody(
      patch(id, { status: "contacted", notes: "Called <b>Monday</b>; wants a quote." }),
      200,
      ZUpdateLeadResponse,
    );
    expect(updated).toMatchObject({ status: "contacted", notes: "Called Monday; wants a quote." });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(updated.createdAt));
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "lead.updated",
      objectType: "lead",
      actorEmail: "ops@agency.test",
      actorIp: ip,
      summary: "Changed the status of the lead of Fay (fay@x.test) from New to Contacted and updated its notes",
      before: { status: "new", notes: "" },
      after: { status: "contacted", notes: "Called Monday; wants a quote." },
    });

    await expectBody(patch(id, { notes: "Quote sent." }), 200, ZUpdateLeadResponse);
    await expectBody(patch(id, { status: "lost" }), 200, ZUpdateLeadResponse);
    // Sending what is already there changes nothing and records nothing.
    await expectBody(patch(id, { status: "lost", notes: "Quote sent." }), 200, ZUpdateLeadResponse);
    const actions = (await auditOf(id)).map((e) => [e.action, e.summary]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ["lead.notes_changed", "Updated the notes on the lead of Fay (fay@x.test)"],
        ["lead.status_changed", "Changed the status of the lead of Fay (fay@x.test) from Contacted to Lost"],
      ]),
    );
    expect(actions).toHaveLength(3);
  });

  test("bad input is refused with the field's message and changes nothing", async () => {
    const id = await lead({ name: "Gus", email: "gus@x.test" });
    expect((await expectError(patch(id, { status: "closed" }), 400)).fields).toEqual({
      status: "Choose new, contacted, won or lost",
    });
    expect((await expectError(patch(id, { notes: "x".repeat(2001) }), 400)).fields).toEqual({
      notes: "String must contain at most 2000 character(s)",
    });
    expect((await expectError(patch(id, {}), 400)).fields).toEqual({ status: "Send a status, notes or both" });
    await expectError(patch("6f1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10", { status: "won" }), 404);
    await expectError(patch(id, { status: "won" }, client.cookie), 403);
    expect(await leadRow(id)).toMatchObject({ status: "new", notes: "" });
    expect(await auditOf(id)).toEqual([]);
  });
});

describe("converting a lead to a client", () => {
  test("creates the company, invites the lead's email and marks the lead won, once", async () => {
    const id = await lead({ name: "Hal Jones", email: "hal@initech.test", company: "Initech" });
    const converted = await expectBody(convert(id, { companyName: "Initech Ltd" }), 201, ZConvertLeadResponse);
    // Not on a plan yet: its status follows its books (ADR 0031).
    expect(converted.company).toMatchObject({ name: "Initech Ltd", status: "trial" });
    expect(converted.invitation?.email).toBe("hal@initech.test");
    expect(converted.lead).toMatchObject({ status: "won", convertedCompanyId: converted.company.id });

    const invitations = await t.db
      .select()
      .from(companyInvitation)
      .where(eq(companyInvitation.companyId, converted.company.id));
    expect(invitations.map((i) => i.email)).toEqual(["hal@initech.test"]);
    expect((await t.outbox("hal@initech.test")).map((m) => m.kind)).toContain("company-invitation");
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.companyId, converted.company.id));
    expect(entries.map((e) => [e.action, e.summary]).sort()).toEqual([
      [
        "company.created",
        "Created the client company Initech Ltd and invited hal@initech.test, from the lead of Hal Jones (hal@initech.test)",
      ],
      ["lead.converted", "Converted the lead of Hal Jones (hal@initech.test) to the client Initech Ltd"],
    ]);

    const before = await companies();
    const again = await expectError(convert(id, { companyName: "Initech again" }), 409);
    expect(again.message).toBe("This lead was already converted to a client.");
    expect(await companies()).toBe(before);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.companyId, converted.company.id))).toHaveLength(2);
    // A converted lead keeps its status.
    await expectError(patch(id, { status: "lost" }), 409);
    expect((await leadRow(id)).status).toBe("won");
  });

  test("two staff converting at once make one client", async () => {
    const id = await lead({ name: "Ivy", email: "ivy@x.test" });
    const before = await companies();
    const answers = await Promise.all([
      convert(id, { companyName: "Ivy One" }),
      convert(id, { companyName: "Ivy Two" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await companies()).toBe(before + 1);
  });

  test("bad input and non-staff callers are refused, and nothing is written", async () => {
    const id = await lead({ name: "Jo", email: "jo@x.test" });
    const before = await companies();
    expect((await expectError(convert(id, { companyName: " <i></i> " }), 400)).fields).toEqual({
      companyName: "Required",
    });
    await expectError(convert(id, { companyName: "Jo Ltd" }, client.cookie), 403);
    await expectError(convert("6f1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10", { companyName: "Jo Ltd" }), 404);
    expect(await companies()).toBe(before);
    expect(await leadRow(id)).toMatchObject({ status: "new", convertedCompanyId: null });
    expect(await json(list("", client.cookie))).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("a lead that may already be a client", () => {
  test("its account's company and a colleague's domain are offered; a duplicate is refused", async () => {
    const soylent = await givenClient(t, "sam@soylent.test", "Soylent");
    const colleague = await givenClient(t, "lee@umbrella-corp.test", "Umbrella");
    const id = await lead({ name: "Sam", email: "Sam@Soylent.test", company: "Soylent Corp" });
    const { matches } = await expectBody(
      t.request(`/api/staff/leads/${id}/matches`, { headers: { cookie: staff.cookie } }),
      200,
      ZListLeadMatchesResponse,
    );
    expect(matches).toEqual([
      {
        companyId: soylent.companyId,
        companyName: "Soylent",
        reason: "account",
        detail: "sam@soylent.test already has an account in Soylent.",
      },
    ]);

    // A new company for an address that has an account is refused, and nothing is written.
    const before = await companies();
    const refused = await expectError(convert(id, { companyName: "Soylent Corp" }), 409);
    expect(refused.message).toBe(
      "Sam@Soylent.test already has an account in Soylent. Convert the lead to Soylent instead of creating a second company.",
    );
    expect(await companies()).toBe(before);
    expect((await leadRow(id)).convertedCompanyId).toBeNull();

    // Converted into the existing company: no new company, no invitation to someone already in it.
    const into = await expectBody(convert(id, { existingCompanyId: soylent.companyId }), 201, ZConvertLeadResponse);
    expect(into).toMatchObject({ company: { id: soylent.companyId, name: "Soylent" }, invitation: null });
    expect(into.lead).toMatchObject({ status: "won", convertedCompanyId: soylent.companyId });
    expect(await companies()).toBe(before);

    // Same domain as a member of Umbrella (not the same person): offered, and used with an invitation.
    const other = await lead({ name: "Kim", email: "kim@umbrella-corp.test" });
    const byDomain = await expectBody(
      t.request(`/api/staff/leads/${other}/matches`, { headers: { cookie: staff.cookie } }),
      200,
      ZListLeadMatchesResponse,
    );
    expect(byDomain.matches).toEqual([
      expect.objectContaining({
        companyId: colleague.companyId,
        reason: "domain",
        detail: "lee@umbrella-corp.test, of the same domain @umbrella-corp.test, is a member of Umbrella.",
      }),
    ]);
    const joined = await expectBody(
      convert(other, { existingCompanyId: colleague.companyId }),
      201,
      ZConvertLeadResponse,
    );
    expect(joined.invitation?.email).toBe("kim@umbrella-corp.test");
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.companyId, colleague.companyId!));
    expect(audit.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        "Invited kim@umbrella-corp.test to Umbrella",
        "Converted the lead of Kim (kim@umbrella-corp.test) to the client Umbrella (an existing client)",
      ]),
    );

    // A personal mail domain matches nobody; neither names nor both choices at once are accepted.
    const personal = await lead({ name: "Pat", email: "pat@gmail.com" });
    await givenClient(t, "someone@gmail.com", "Someone");
    const none = await expectBody(
      t.request(`/api/staff/leads/${personal}/matches`, { headers: { cookie: staff.cookie } }),
      200,
      ZListLeadMatchesResponse,
    );
    expect(none.matches).toEqual([]);
    expect((await expectError(convert(personal, {}), 400)).fields).toEqual({
      companyName: "Name the new company, or choose an existing one",
    });
    await expectError(convert(personal, { companyName: "Pat Ltd", existingCompanyId: colleague.companyId }), 400);
  });
});
