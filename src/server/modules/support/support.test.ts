import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ZGetDashboardResponse } from "../../../shared/dashboard";
import {
  ZGetTicketResponse,
  ZListTicketsResponse,
  ZSlaTargetsResponse,
  ZStaffTicketsResponse,
  ZTicketChangedResponse,
  ZTicketStatsResponse,
} from "../../../shared/support";
import { auditLog } from "../../db/schema/audit";
import { ticket, ticketMessage } from "../../db/schema/support";
import { json } from "../../test/fixtures";
import { as } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { seedSupport, type SupportWorld } from "./support-test-kit";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let w: SupportWorld;
beforeAll(async () => {
  t = await createTestRuntime();
  w = await seedSupport(t, "st");
}, 240_000);
afterAll(() => t.close());

const open = async (extra: Record<string, unknown> = {}) =>
  ZTicketChangedResponse.parse(
    await json(
      as(w.ann, "/api/tickets", {
        json: { subject: "Invoices missing", category: "broken_automation", message: "Where are they?", ...extra },
      }),
    ),
  );
const thread = async (id: string, who = w.ann) => ZGetTicketResponse.parse(await json(as(who, `/api/tickets/${id}`)));
const reply = (id: string, who: typeof w.ann, body: Record<string, unknown>) =>
  as(who, `/api/tickets/${id}/messages`, { json: body });
const setStatus = (id: string, status: string) =>
  as(w.staff, `/api/staff/tickets/${id}`, { method: "PATCH", json: { status } });

describe("tickets", () => {
  test("a ticket about a run keeps a snapshot of the run, its watchers, and is its company's only", async () => {
    const created = await open({ automationId: w.automationId, runId: w.failedRunId, watcherIds: [w.amy.userId] });
    const detail = await thread(created.id);
    expect(detail.runSnapshot).toMatchObject({ status: "failed", errorMessage: "The shop did not answer." });
    expect(detail.automationName).toBe("Acme invoices");
    expect(detail.watchers.map((x) => x.id)).toEqual([w.amy.userId]);
    expect((await as(w.bob, `/api/tickets/${created.id}`)).status).toBe(404);
    const amyMine = ZListTicketsResponse.parse(await json(as(w.amy, "/api/tickets?mine=true")));
    expect(amyMine.tickets.map((x) => x.id)).toContain(created.id);
    const bobs = ZListTicketsResponse.parse(await json(as(w.bob, "/api/tickets")));
    expect(bobs.tickets).toEqual([]);
  });

  test("a run of another company or a watcher from outside is refused, and nothing is stored", async () => {
    const before = (await t.db.select().from(ticket)).length;
    const bobsRun = await as(w.bob, "/api/tickets", {
      json: { subject: "x", category: "other", message: "y", automationId: w.automationId },
    });
    expect(bobsRun.status).toBe(404);
    const outsider = await as(w.ann, "/api/tickets", {
      json: { subject: "x", category: "other", message: "y", watcherIds: [w.bob.userId] },
    });
    expect(outsider.status).toBe(400);
    expect((await outsider.json()).fields).toEqual({ watcherIds: "Pick members of your company" });
    const empty = await as(w.ann, "/api/tickets", { json: { subject: "", category: "nope", message: "" } });
    expect(empty.status).toBe(400);
    expect((await empty.json()).fields).toMatchObject({ subject: "Required", category: "Pick a category" });
    expect((await t.db.select().from(ticket)).length).toBe(before);
  });

  test("statuses move by themselves: staff reply → waiting on client, client reply → waiting on agency", async () => {
    const { id } = await open();
    expect((await thread(id)).status).toBe("open");
    expect((await reply(id, w.staff, { body: "Looking into it." })).status).toBe(201);
    const waiting = await t.db.select().from(ticket).where(eq(ticket.id, id));
    expect(waiting[0]).toMatchObject({ status: "waiting_on_client" });
    expect(waiting[0]!.firstRespondedAt).not.toBeNull();
    expect(waiting[0]!.pausedSince).not.toBeNull();
    expect((await reply(id, w.amy, { body: "Thanks." })).status).toBe(201);
    const back = (await t.db.select().from(ticket).where(eq(ticket.id, id)))[0]!;
    expect(back.status).toBe("waiting_on_agency");
    expect(back.pausedSince).toBeNull();
  });

  test("staff set a status by hand (audited); a client reply within 7 days reopens, later starts a linked ticket", async () => {
    const { id } = await open();
    const resolved = await setStatus(id, "resolved");
    expect(resolved.status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, "ticket.updated")));
    expect(entry?.after).toMatchObject({ status: "resolved" });
    const reopened = ZTicketChangedResponse.parse(await json(reply(id, w.ann, { body: "It broke again." })));
    expect(reopened).toMatchObject({ id, status: "waiting_on_agency" });
    await setStatus(id, "resolved");
    await t.db
      .update(ticket)
      .set({ resolvedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(ticket.id, id));
    const later = ZTicketChangedResponse.parse(await json(reply(id, w.ann, { body: "And again, weeks later." })));
    expect(later.id).not.toBe(id);
    expect(later.status).toBe("open");
    const followUp = await thread(later.id);
    expect(followUp.previousTicketId).toBe(id);
    expect(followUp.subject).toBe("Follow-up: Invoices missing");
    expect(followUp.messages.map((m) => m.body)).toEqual(["And again, weeks later."]);
    expect((await thread(id)).status).toBe("resolved");
    expect((await as(w.ann, `/api/staff/tickets/${id}`, { method: "PATCH", json: { status: "open" } })).status).toBe(
      403,
    );
  });

  test("internal notes: never returned to a client, never emailed, and a client cannot write one", async () => {
    const { id } = await open();
    await reply(id, w.staff, { body: "SECRET: the shop's API key expired.", internal: true });
    expect((await t.db.select().from(ticket).where(eq(ticket.id, id)))[0]!.status).toBe("open");
    await reply(id, w.staff, { body: "We are renewing a credential." });
    const clientView = await thread(id);
    expect(JSON.stringify(clientView)).not.toContain("SECRET");
    expect(clientView.messages.map((m) => m.kind)).toEqual(["public", "public"]);
    const staffView = await thread(id, w.staff);
    expect(staffView.messages.map((m) => m.kind)).toEqual(["public", "internal", "public"]);
    const mails = [
      ...(await t.outbox(w.ann.email)),
      ...(await t.outbox(w.amy.email)),
      ...(await t.outbox(w.staff.email)),
    ];
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mail.text + mail.html).not.toContain("SECRET");
    const refused = await reply(id, w.ann, { body: "I write a note", internal: true });
    expect(refused.status).toBe(400);
    const notes = await t.db.select().from(ticketMessage).where(eq(ticketMessage.ticketId, id));
    expect(notes.length).toBe(3);
  });

  test("the queue filters and puts the nearest deadline first; /admin counts breaches; the dashboard lists tickets waiting on the client", async () => {
    const urgent = await open({ priority: "urgent", subject: "Urgent one" });
    const low = await open({ priority: "low", subject: "Low one" });
    // The low ticket was opened two days ago: its first response (a day) is late.
    await t.db
      .update(ticket)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(ticket.id, low.id));
    const queue = ZStaffTicketsResponse.parse(await json(as(w.staff, "/api/staff/tickets?status=open")));
    const order = queue.tickets.map((x) => x.id);
    expect(order.indexOf(low.id)).toBeLessThan(order.indexOf(urgent.id));
    const breached = ZStaffTicketsResponse.parse(await json(as(w.staff, "/api/staff/tickets?breached=true")));
    expect(breached.tickets.map((x) => x.id)).toContain(low.id);
    expect(breached.tickets.map((x) => x.id)).not.toContain(urgent.id);
    expect(breached.tickets.every((x) => x.sla.breached)).toBe(true);
    const urgentOnly = ZStaffTicketsResponse.parse(await json(as(w.staff, "/api/staff/tickets?priority=urgent")));
    expect(urgentOnly.tickets.map((x) => x.id)).toEqual([urgent.id]);
    const stats = ZTicketStatsResponse.parse(await json(as(w.staff, "/api/staff/tickets/stats")));
    expect(stats.openByAge.oneToThreeDays).toBeGreaterThanOrEqual(1);
    expect(stats.breaches.firstResponse).toBeGreaterThanOrEqual(1);
    await reply(urgent.id, w.staff, { body: "Which invoices?" });
    const dashboard = ZGetDashboardResponse.parse(await json(as(w.ann, "/api/dashboard")));
    expect(dashboard.ticketsWaiting.map((x) => x.subject)).toContain("Urgent one");
    const bobs = ZGetDashboardResponse.parse(await json(as(w.bob, "/api/dashboard")));
    expect(bobs.ticketsWaiting).toEqual([]);
  });

  test("staff change the SLA targets (audited); the refused input changes nothing", async () => {
    const put = (who: typeof w.ann, targets: unknown) =>
      as(who, "/api/staff/sla-targets", { method: "PUT", json: { targets } });
    const bad = await put(w.staff, [{ priority: "urgent", firstResponseMinutes: 1, resolutionMinutes: 60 }]);
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      "targets.0.firstResponseMinutes": "First response must be at least 5 minutes",
    });
    expect((await put(w.ann, [{ priority: "urgent", firstResponseMinutes: 30, resolutionMinutes: 240 }])).status).toBe(
      403,
    );
    const ok = await put(w.staff, [{ priority: "urgent", firstResponseMinutes: 30, resolutionMinutes: 240 }]);
    expect(ok.status).toBe(200);
    const { targets } = ZSlaTargetsResponse.parse(await json(as(w.staff, "/api/staff/sla-targets")));
    expect(targets.map((x) => x.priority)).toEqual(["urgent", "high", "normal", "low"]);
    expect(targets[0]).toEqual({ priority: "urgent", firstResponseMinutes: 30, resolutionMinutes: 240 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "sla_targets.updated"));
    expect(entry?.actorId).toBe(w.staff.userId);
  });
});
