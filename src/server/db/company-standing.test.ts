import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetInvoiceResponse } from "../../shared/billing";
import { ZUpdateAutomationResponse } from "../../shared/staff-automations";
import { ZTicketChangedResponse } from "../../shared/support";
import { as, givenClient, givenStaff, type Caller } from "../test/given";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { companyStatusAt, storedCompanyStatusAt } from "./company-status";
import { automation } from "./schema/automations";
import { invoice } from "./schema/billing";
import { company, companyStanding } from "./schema/companies";
import { ticket } from "./schema/support";

vi.setConfig({ testTimeout: 120_000 });

const DAY = 86_400_000;
let t: TestRuntime;
let staff: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "staff@standing.test");
}, 180_000);
afterAll(() => t.close());

/**
 * Every company's status and open tickets as the clients table reads them (company_standing,
 * kept by triggers) and as computed from the books, automations and tickets at `at`: they must
 * be equal for every company; answers the one asked about.
 */
async function standingOf(companyId: string, at = new Date()) {
  const rows = await t.db
    .select({
      id: company.id,
      computed: companyStatusAt(at),
      stored: storedCompanyStatusAt(at),
      computedTickets: sql<number>`(select count(*) from ${ticket} where ${ticket.companyId} = ${company.id} and ${ticket.status} <> 'resolved')::int`,
      storedTickets: companyStanding.openTickets,
    })
    .from(company)
    .leftJoin(companyStanding, eq(companyStanding.companyId, company.id));
  for (const row of rows) {
    expect(row.stored, `status of ${row.id}`).toBe(row.computed);
    expect(row.storedTickets, `open tickets of ${row.id}`).toBe(row.computedTickets);
  }
  const row = rows.find((r) => r.id === companyId)!;
  return { status: row.stored, openTickets: row.storedTickets };
}

test("a company's stored status follows its plan, its automations and its invoices, also as time passes", async () => {
  const owner = await givenClient(t, "owner@standing.test", "Standing Co");
  const id = owner.companyId!;
  const base = `/api/staff/companies/${id}`;
  expect(await standingOf(id)).toEqual({ status: "trial", openTickets: 0 });

  expect((await as(staff, `${base}/subscription`, { json: { planSlug: "growth", interval: "monthly" } })).status).toBe(
    201,
  );
  expect((await standingOf(id)).status).toBe("active");

  const created = await as(staff, `${base}/automations`, {
    json: {
      name: "Invoice sync",
      purpose: "Copies paid invoices into the books.",
      platform: "n8n",
      triggerDescription: "Every hour",
      expectedEveryMinutes: 60,
      minutesSavedPerRun: 6,
      status: "live",
    },
  });
  expect(created.status).toBe(201);
  const automationId = ZUpdateAutomationResponse.parse(await created.json()).id;
  const path = `${base}/automations/${automationId}`;
  expect((await as(staff, `${path}/pause`, { method: "POST" })).status).toBe(200);
  expect((await standingOf(id)).status).toBe("paused");
  expect((await as(staff, `${path}/resume`, { method: "POST" })).status).toBe(200);
  expect((await standingOf(id)).status).toBe("active");

  // An invoice issued: open until paid, past due only once its due date has passed.
  const draft = ZGetInvoiceResponse.parse(await (await as(staff, `${base}/invoices`, { json: {} })).json()).invoice;
  await as(staff, `/api/staff/invoices/${draft.id}/lines`, { json: { description: "Workshop", amountMinor: 45000 } });
  const issued = ZGetInvoiceResponse.parse(
    await (await as(staff, `/api/staff/invoices/${draft.id}/finalize`, { method: "POST" })).json(),
  ).invoice;
  const dueAt = new Date(issued.dueAt!);
  // Open now: this one, and the plan's first invoice issued when it was subscribed (due a little
  // earlier, by however long the calls in between took).
  const open = await t.db
    .select({ id: invoice.id, totalMinor: invoice.totalMinor, dueAt: invoice.dueAt })
    .from(invoice)
    .where(and(eq(invoice.companyId, id), eq(invoice.status, "open")));
  expect(open.map((row) => row.id)).toContain(draft.id);
  const firstDue = Math.min(...open.map((row) => row.dueAt!.getTime()));
  expect((await standingOf(id)).status).toBe("active");
  expect((await standingOf(id, new Date(firstDue - 1000))).status).toBe("active");
  expect((await standingOf(id, new Date(dueAt.getTime() + DAY))).status).toBe("past_due");
  // Paid, both: nothing open is late.
  for (const row of open) {
    const paid = await as(staff, `/api/staff/invoices/${row.id}/payment`, {
      json: { amountMinor: row.totalMinor, paidOn: new Date().toISOString().slice(0, 10) },
    });
    expect(paid.status).toBe(200);
  }
  expect((await standingOf(id, new Date(dueAt.getTime() + DAY))).status).toBe("active");

  expect((await as(staff, `${path}/retire`, { method: "POST" })).status).toBe(200);
  expect((await standingOf(id)).status).toBe("active");
  expect((await as(staff, `${base}/subscription/cancel`, { json: { when: "now" } })).status).toBe(200);
  expect((await standingOf(id)).status).toBe("churned");
});

test("open tickets follow tickets opened, resolved and reopened, also when opened at the same moment", async () => {
  const owner = await givenClient(t, "owner@tickets-standing.test", "Tickets Co");
  const id = owner.companyId!;
  const open = async (subject: string) =>
    ZTicketChangedResponse.parse(
      await (await as(owner, "/api/tickets", { json: { subject, category: "other", message: "Please look." } })).json(),
    ).id;
  const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => open(`Question ${i}`)));
  expect(await standingOf(id)).toEqual({ status: "trial", openTickets: 6 });
  const setStatus = (ticketId: string, status: string) =>
    as(staff, `/api/staff/tickets/${ticketId}`, { method: "PATCH", json: { status } });
  expect((await setStatus(ids[0]!, "resolved")).status).toBe(200);
  expect((await setStatus(ids[1]!, "waiting_on_client")).status).toBe(200);
  expect((await standingOf(id)).openTickets).toBe(5);
  expect((await setStatus(ids[0]!, "open")).status).toBe(200);
  expect((await standingOf(id)).openTickets).toBe(6);
});

test("writes of many rows at once, by any writer, leave each company's facts right", async () => {
  const first = (await givenClient(t, "owner@bulk-one.test", "Bulk One")).companyId!;
  const second = (await givenClient(t, "owner@bulk-two.test", "Bulk Two")).companyId!;
  const automations = (companyId: string) =>
    [1, 2].map((n) => ({
      companyId,
      name: `Bulk ${n}`,
      purpose: "Test",
      platform: "n8n" as const,
      triggerDescription: "Test",
      minutesSavedPerRun: 5,
      status: "live" as const,
    }));
  await t.db.insert(automation).values([...automations(first), ...automations(second)]);
  await t.db.update(automation).set({ status: "paused" }).where(eq(automation.companyId, first));
  await t.db
    .insert(ticket)
    .values(
      [first, second, second].map((companyId, i) => ({ companyId, subject: `Bulk ${i}`, category: "other" as const })),
    );
  expect(await standingOf(first)).toEqual({ status: "paused", openTickets: 1 });
  expect(await standingOf(second)).toEqual({ status: "trial", openTickets: 2 });
  await t.db.update(ticket).set({ status: "resolved" }).where(eq(ticket.companyId, second));
  await t.db.delete(automation).where(eq(automation.companyId, first));
  expect(await standingOf(first)).toEqual({ status: "trial", openTickets: 1 });
  expect(await standingOf(second)).toEqual({ status: "trial", openTickets: 0 });
});
