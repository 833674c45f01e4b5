import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZStaffTicketsResponse, ZTicketChangedResponse, ZTicketCompaniesResponse } from "../../../shared/support";
import { slaTarget, ticket } from "../../db/schema/support";
import { json } from "../../test/fixtures";
import { as } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { seedSupport, type SupportWorld } from "./support-test-kit";
import { deadlineSql } from "./ticket-summary";

vi.setConfig({ testTimeout: 120_000 });

const DAY = 86_400_000;
let t: TestRuntime;
let w: SupportWorld;
beforeAll(async () => {
  t = await createTestRuntime();
  w = await seedSupport(t, "due");
}, 240_000);
afterAll(() => t.close());

/**
 * Every ticket's stored deadline (`sla_due_at`, kept by the database, the queue's order) beside
 * the one computed from its clock columns and its priority's targets: they must be equal for
 * every ticket. Answers the stored deadline of the ticket asked about.
 */
async function dueAtOf(id: string) {
  const rows = await t.db
    .select({
      id: ticket.id,
      stored: sql<string | null>`${ticket.slaDueAt}::text`,
      computed: sql<string | null>`(${deadlineSql})::text`,
    })
    .from(ticket)
    .leftJoin(slaTarget, eq(slaTarget.priority, ticket.priority));
  for (const row of rows) expect(row.stored, `deadline of ${row.id}`).toBe(row.computed);
  return rows.find((row) => row.id === id)!.stored;
}

const open = async (extra: Record<string, unknown> = {}) =>
  ZTicketChangedResponse.parse(
    await json(
      as(w.ann, "/api/tickets", {
        json: { subject: "Invoices missing", category: "broken_automation", message: "Where are they?", ...extra },
      }),
    ),
  ).id;
const reply = (id: string, who: typeof w.ann, body: string) =>
  as(who, `/api/tickets/${id}/messages`, { json: { body } });
const patch = (id: string, body: Record<string, unknown>) =>
  as(w.staff, `/api/staff/tickets/${id}`, { method: "PATCH", json: body });
const putTargets = (targets: unknown) => as(w.staff, "/api/staff/sla-targets", { method: "PUT", json: { targets } });

test("a ticket's stored deadline equals the computed one after every kind of write", async () => {
  const id = await open({ priority: "urgent" });
  const opened = await dueAtOf(id);
  expect(opened).not.toBeNull();

  // The first staff answer stops the first-response clock and pauses the resolution clock.
  expect((await reply(id, w.staff, "Looking into it.")).status).toBe(201);
  expect(await dueAtOf(id)).toBeNull();
  // The client answers: the resolution clock runs again, later by the pause.
  expect((await reply(id, w.ann, "Here are the numbers.")).status).toBe(201);
  const resumed = await dueAtOf(id);
  expect(resumed).not.toBeNull();

  expect((await patch(id, { priority: "low" })).status).toBe(200);
  const lowered = await dueAtOf(id);
  expect(lowered).not.toBe(resumed);
  expect((await patch(id, { status: "resolved" })).status).toBe(200);
  expect(await dueAtOf(id)).toBeNull();
  expect((await reply(id, w.ann, "It broke again.")).status).toBe(201);
  expect(await dueAtOf(id)).not.toBeNull();

  // Targets changed by staff move the deadlines of that priority's tickets, and only theirs.
  const other = await open({ priority: "high" });
  const highBefore = await dueAtOf(other);
  expect((await putTargets([{ priority: "low", firstResponseMinutes: 60, resolutionMinutes: 600 }])).status).toBe(200);
  expect(await dueAtOf(id)).not.toBe(lowered);
  expect(await dueAtOf(other)).toBe(highBefore);

  // Writes outside the services (imports, repairs): the clock columns, the targets, bulk statements.
  await t.db
    .update(ticket)
    .set({ createdAt: new Date(Date.now() - 2 * DAY), pausedMs: 3_600_000 })
    .where(eq(ticket.id, other));
  await dueAtOf(other);
  await t.db
    .update(ticket)
    .set({ slaDueAt: new Date(0) })
    .where(eq(ticket.id, other));
  await dueAtOf(other);
  await t.db.update(slaTarget).set({ resolutionMinutes: 5000 }).where(eq(slaTarget.priority, "high"));
  await dueAtOf(other);
  await t.db.delete(slaTarget).where(eq(slaTarget.priority, "high"));
  await dueAtOf(other);
  await t.db.insert(slaTarget).values({ priority: "high", firstResponseMinutes: 90, resolutionMinutes: 900 });
  await dueAtOf(other);
  await t.db.insert(ticket).values(
    ["low", "normal", "high", "urgent"].map((priority, i) => ({
      companyId: w.ann.companyId!,
      subject: `Imported ${i}`,
      category: "other" as const,
      priority: priority as "low",
      createdAt: new Date(Date.now() - i * DAY),
      firstRespondedAt: i % 2 ? new Date() : null,
      pausedSince: i === 3 ? new Date() : null,
    })),
  );
  await t.db
    .update(ticket)
    .set({ status: "waiting_on_client", pausedSince: new Date() })
    .where(sql`true`);
  await dueAtOf(id);
});

test("the queue lists the nearest deadline first, tickets without a running clock last", async () => {
  const late = await open({ priority: "low", subject: "Late one" });
  const soon = await open({ priority: "urgent", subject: "Soon one" });
  await t.db
    .update(ticket)
    .set({ createdAt: new Date(Date.now() - 3 * DAY) })
    .where(eq(ticket.id, late));
  const queue = ZStaffTicketsResponse.parse(await json(as(w.staff, "/api/staff/tickets")));
  const ids = queue.tickets.map((x) => x.id);
  expect(ids.indexOf(late)).toBeLessThan(ids.indexOf(soon));
  const dues = queue.tickets.map((x) =>
    [x.sla.firstResponseDueAt, x.sla.resolutionDueAt]
      .filter((at): at is string => at !== null)
      .map((at) => Date.parse(at))
      .reduce((a, b) => Math.min(a, b), Infinity),
  );
  const running = dues.filter((due) => due !== Infinity);
  expect(running).toEqual([...running].sort((a, b) => a - b));
  expect(dues.slice(running.length).every((due) => due === Infinity)).toBe(true);
});

test("the queue's client filter lists the clients that have tickets, by name, to staff only", async () => {
  await open();
  const choices = ZTicketCompaniesResponse.parse(await json(as(w.staff, "/api/staff/tickets/companies")));
  expect(choices.companies).toEqual([{ id: w.ann.companyId, name: "Acme" }]);
  expect((await as(w.ann, "/api/staff/tickets/companies")).status).toBe(403);
  const beta = await as(w.bob, "/api/tickets", {
    json: { subject: "Hello", category: "other", message: "A question." },
  });
  expect(beta.status).toBe(201);
  const both = ZTicketCompaniesResponse.parse(await json(as(w.staff, "/api/staff/tickets/companies")));
  expect(both.companies.map((c) => c.name)).toEqual(["Acme", "Beta"]);
});
