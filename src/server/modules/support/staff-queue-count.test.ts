import { and, count, eq, not } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZTicketChangedResponse } from "../../../shared/support";
import { slaTarget, ticket } from "../../db/schema/support";
import { json } from "../../test/fixtures";
import { as } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { staffQueue } from "./staff-queue.service";
import { seedSupport, type SupportWorld } from "./support-test-kit";
import { breachedSql } from "./ticket-summary";

vi.setConfig({ testTimeout: 120_000 });

const HOUR = 3_600_000;
let t: TestRuntime;
let w: SupportWorld;
beforeAll(async () => {
  t = await createTestRuntime();
  w = await seedSupport(t, "qc");
}, 240_000);
afterAll(() => t.close());

const open = async (priority: string) =>
  ZTicketChangedResponse.parse(
    await json(
      as(w.ann, "/api/tickets", {
        json: { subject: "Invoices missing", category: "broken_automation", message: "Where?", priority },
      }),
    ),
  ).id;

/** How many tickets `breachedSql` (the rule decided for each ticket at `now`) finds, or does not. */
async function decidedOneByOne(now: Date, breached: boolean) {
  const [row] = await t.db
    .select({ value: count() })
    .from(ticket)
    .leftJoin(slaTarget, eq(slaTarget.priority, ticket.priority))
    .where(breached ? breachedSql(now) : not(breachedSql(now)));
  return row!.value;
}

test("the queue's count of tickets past their SLA, and not, equals the rule decided for each ticket", async () => {
  const base = Date.now() - 400 * HOUR;
  const at = (hours: number) => new Date(base + hours * HOUR);
  const write = (id: string, values: Partial<typeof ticket.$inferInsert>) =>
    t.db.update(ticket).set(values).where(eq(ticket.id, id));
  // Urgent: first response within the hour, resolution within the day (the defaults of sla_target).
  const running = await open("urgent");
  await write(running, { createdAt: at(0) });
  const answeredLate = await open("urgent");
  await write(answeredLate, { createdAt: at(0), firstRespondedAt: at(30), pausedSince: at(30) });
  const answeredInTime = await open("urgent");
  await write(answeredInTime, { createdAt: at(0), firstRespondedAt: at(0.1), pausedSince: at(0.1) });
  const pausedAfterOverrun = await open("low");
  await write(pausedAfterOverrun, { createdAt: at(0), firstRespondedAt: at(0.1), pausedSince: at(300), pausedMs: 0 });
  const resumed = await open("normal");
  await write(resumed, { createdAt: at(10), firstRespondedAt: at(10.5), pausedSince: null, pausedMs: 50 * HOUR });
  const resolved = await open("high");
  await write(resolved, { createdAt: at(0), firstRespondedAt: at(0.2), pausedSince: at(1), status: "resolved" });

  // Instants before, between and after the deadlines, and far later (one ticket per state).
  for (const hours of [0.5, 2, 29, 40, 100, 250, 399, 800]) {
    const now = at(hours);
    for (const breached of ["true", "false"] as const) {
      const { total } = await staffQueue(t.context({ now }), { breached, page: 1 });
      expect(total, `breached=${breached} at hour ${hours}`).toBe(await decidedOneByOne(now, breached === "true"));
    }
    const { total: all } = await staffQueue(t.context({ now }), { page: 1 });
    const [every] = await t.db.select({ value: count() }).from(ticket);
    expect(all).toBe(every!.value);
  }
  // The priority filter applies to both parts of the count.
  const now = at(399);
  const { total } = await staffQueue(t.context({ now }), { breached: "true", priority: "urgent", page: 1 });
  const [urgent] = await t.db
    .select({ value: count() })
    .from(ticket)
    .leftJoin(slaTarget, eq(slaTarget.priority, ticket.priority))
    .where(and(eq(ticket.priority, "urgent"), breachedSql(now)));
  expect(total).toBe(urgent!.value);
  expect(total).toBeGreaterThan(0);
});
