import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { CHANNEL_EVENT_TYPES, type ChannelEventType } from "../../../shared/channels-labels";
import { invoice as invoiceTable } from "../../db/schema/billing";
import { postRun, registerAutomation } from "../../test/fixtures";
import { as, givenCompany, givenStaff, type Caller, type GivenCompany } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { detectStale } from "../automations";
import { runBillingCycle } from "../billing";
import { planKit } from "../plan/plan-test-kit";
import { startReceiver, type Receiver } from "./channels-test-kit";
import { EVENT_EXAMPLES } from "./event-catalogue";
import { deliverDueEvents } from "./index";
import type { TChannelWithSecretResponse } from "../../../shared/channels";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let acme: GivenCompany;
let slack: Receiver;
let teams: Receiver;
let webhook: Receiver;
let agencyHook: Receiver;
let secret: string;

const everything: ChannelEventType[] = [
  "automation.failing",
  "automation.recovered",
  "automation.stale",
  "ticket.created",
  "ticket.replied",
  "proposal.sent",
  "proposal.approved",
  "invoice.issued",
  "invoice.overdue",
];

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "staff@agency.test");
  acme = await givenCompany(t, { name: "Acme", owner: "owner@acme.test" });
  [slack, teams, webhook, agencyHook] = await Promise.all([
    startReceiver(),
    startReceiver(),
    startReceiver(),
    startReceiver(),
  ]);
  const add = async (who: Caller, base: string, kind: string, url: string) => {
    const response = await as(who, base, { json: { kind, name: kind, url, events: everything } });
    return (await response.json()) as TChannelWithSecretResponse;
  };
  await add(acme.owner, "/api/company/channels", "slack", slack.url);
  await add(acme.owner, "/api/company/channels", "teams", teams.url);
  secret = (await add(acme.owner, "/api/company/channels", "webhook", webhook.url)).secret!;
  await add(staff, "/api/staff/channels", "webhook", agencyHook.url);
});
afterAll(async () => {
  for (const receiver of [slack, teams, webhook, agencyHook]) await receiver.close();
  await t.close();
});

/** The shape of a value: its keys, all the way down (values themselves aside). */
const shape = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .map(([key, inner]) => [key, shape(inner)])
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      )
    : typeof value;
const seen = new Map<string, Record<string, unknown>>();

/** Delivers what is due until nothing is left, and answers the webhook's event types since `from`. */
async function deliverAll(from: number, now?: Date) {
  while ((await deliverDueEvents(t.context({ now: now ?? new Date() }))) > 0);
  const events = webhook.requests
    .slice(from)
    .map((r) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> });
  for (const event of events) seen.set(event.type, event.data);
  return events;
}

test("a failing automation reaches the company's Slack, Teams and signed webhook, and its recovery too", async () => {
  const auto = await registerAutomation(t, staff, acme.id, { name: "Invoice sync" });
  for (let n = 1; n <= 3; n++)
    await postRun(t, auto.key, {
      externalRunId: `f${n}`,
      status: "failed",
      errorMessage: "Shop API 503",
      startedAt: `2026-11-26T0${n}:00:00Z`,
    });
  const events = await deliverAll(0);
  expect(events).toEqual([
    expect.objectContaining({
      type: "automation.failing",
      data: expect.objectContaining({
        automation: expect.objectContaining({ name: "Invoice sync" }),
        consecutiveFailures: 3,
        lastError: "Shop API 503",
      }),
    }),
  ]);
  expect(JSON.parse(slack.requests.at(-1)!.body).text).toBe(
    "Automation failing: Invoice sync: It failed 3 times in a row.",
  );
  expect(JSON.parse(teams.requests.at(-1)!.body).attachments[0].content.body[0].text).toBe(
    "Automation failing: Invoice sync",
  );
  expect(JSON.parse(agencyHook.requests.at(-1)!.body).type).toBe("automation.failing");

  await postRun(t, auto.key, { externalRunId: "ok", status: "success", startedAt: "2026-11-26T05:00:00Z" });
  expect((await deliverAll(1)).map((e) => [e.type, e.data.recoveredFrom])).toEqual([
    ["automation.recovered", "failing"],
  ]);
});

test("an automation that stops reporting runs reaches the channels as stale, once", async () => {
  const auto = await registerAutomation(t, staff, acme.id, { name: "Lead routing", expectedEveryMinutes: 60 });
  const from = webhook.requests.length;
  const later = new Date(Date.now() + 3 * 3_600_000);
  await detectStale(t.context({ now: later }));
  await detectStale(t.context({ now: new Date(later.getTime() + 60_000) }));
  // Queued at the stale check's "now": delivered from then on.
  const events = await deliverAll(from, new Date(later.getTime() + 120_000));
  const stale = events.filter((e) => (e.data.automation as { id: string }).id === auto.id);
  expect(stale.map((e) => e.type)).toEqual(["automation.stale"]);
});

test("tickets: a new ticket and public replies are events; an internal note is not", async () => {
  const from = webhook.requests.length;
  const opened = await as(acme.owner, "/api/tickets", {
    json: { subject: "Export is slow", category: "other", priority: "normal", message: "Since Monday." },
  });
  expect(opened.status, await opened.clone().text()).toBe(201);
  const { id } = (await opened.json()) as { id: string };
  const note = await as(staff, `/api/tickets/${id}/messages`, {
    json: { body: "Internal: the client is on the old plan.", internal: true },
  });
  expect(note.status).toBe(201);
  const reply = await as(staff, `/api/tickets/${id}/messages`, { json: { body: "We are on it.", internal: false } });
  expect(reply.status).toBe(201);
  const events = await deliverAll(from);
  expect(events.map((e) => [e.type, e.data.from])).toEqual([
    ["ticket.created", "client"],
    ["ticket.replied", "agency"],
  ]);
  const everythingSent = [...webhook.requests, ...slack.requests, ...teams.requests, ...agencyHook.requests]
    .map((r) => r.body)
    .join("\n");
  expect(everythingSent).not.toContain("old plan");
});

test("a proposal sent and approved, and the invoice it issues, reach the channels", async () => {
  const from = webhook.requests.length;
  const kit = planKit(t, staff);
  await kit.itemIn(acme.owner, "approved");
  await t.request(`/api/staff/companies/${acme.id}/subscription`, {
    headers: { cookie: staff.cookie },
    json: { planSlug: "starter", interval: "monthly" },
  });
  const types = (await deliverAll(from)).map((e) => e.type);
  expect(types).toEqual(expect.arrayContaining(["proposal.sent", "proposal.approved", "invoice.issued"]));
  expect(types.indexOf("proposal.sent")).toBeLessThan(types.indexOf("proposal.approved"));
});

test("an invoice left unpaid 3 days past its due date reaches the channels as overdue", async () => {
  const from = webhook.requests.length;
  const [invoice] = await t.db.select().from(invoiceTable).where(eq(invoiceTable.companyId, acme.id));
  const later = new Date(invoice!.dueAt!.getTime() + 4 * 86_400_000);
  await runBillingCycle(t.context({ now: later }));
  const overdue = (await deliverAll(from, new Date(later.getTime() + 60_000))).filter(
    (e) => e.type === "invoice.overdue",
  );
  expect(overdue.map((e) => [(e.data.invoice as { number: string }).number, e.data.daysOverdue])).toEqual([
    [invoice!.number, 4],
  ]);
});

test("the API reference's event catalogue shows each event as the webhooks receive it", async () => {
  expect(seen.size).toBeGreaterThanOrEqual(7);
  for (const [type, data] of seen) {
    expect(shape(data), type).toEqual(shape(EVENT_EXAMPLES[type as keyof typeof EVENT_EXAMPLES]));
  }
  const document = (await (await t.request("/api/docs/openapi.json")).json()) as {
    webhooks: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }>;
  };
  expect(Object.keys(document.webhooks).sort()).toEqual([...CHANNEL_EVENT_TYPES, "channel.test"].sort());
  expect(document.webhooks["automation.failing"]!.post.requestBody.content["application/json"]!.example).toMatchObject({
    type: "automation.failing",
    data: { automation: { name: "Invoice sync" }, consecutiveFailures: 3 },
  });
});
