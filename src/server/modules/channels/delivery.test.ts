import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { channelDelivery, notificationChannel } from "../../db/schema/channels";
import { json } from "../../test/fixtures";
import { as, givenCompany, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { fixedRandom, startReceiver, type Answer, type Receiver } from "./channels-test-kit";
import { deliverDueEvents, emitChannelEvent } from "./index";
import type { ChannelEvent } from "./emit-event";
import type { TChannelWithSecretResponse, TListDeliveriesResponse } from "../../../shared/channels";
import type { ChannelEventType } from "../../../shared/channels-labels";

vi.setConfig({ testTimeout: 60_000 });

let t: TestRuntime;
let owner: Caller;
let companyId: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await createTestRuntime();
  const company = await givenCompany(t, { name: "Acme", owner: "owner@acme.test" });
  owner = company.owner;
  companyId = company.id;
});
// Each test starts with no channel: passes deliver whatever is due, and a test's leftovers would be posted in the next.
afterEach(async () => {
  await t.db.delete(notificationChannel);
});
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await t.close();
});

async function receiver(answer?: (n: number) => Answer) {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

async function addChannel(
  who: Caller,
  url: string,
  { kind = "webhook", events = ["automation.failing"], base = "/api/company/channels" } = {},
) {
  const response = await as(who, base, { json: { kind, name: `${kind} channel`, url, events } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<TChannelWithSecretResponse>(response);
}

const failing = (name: string): ChannelEvent => ({
  type: "automation.failing",
  companyId,
  client: {
    data: { automation: { name }, failures: 3 },
    summary: { title: `Automation failing: ${name}`, text: "It failed 3 times in a row.", url: "http://localhost/x" },
  },
});

const emit = (now: Date, event: ChannelEvent = failing("Invoices")) =>
  t.context({ now }).transaction((tx) => emitChannelEvent(tx, { ...event, companyId: event.companyId }));
const pass = (now: Date) => deliverDueEvents(t.context({ now }), { random: fixedRandom });
const deliveries = async (channelId: string) =>
  (await json<TListDeliveriesResponse>(as(owner, `/api/company/channels/${channelId}/deliveries`))).deliveries;

describe("delivering events to channels", () => {
  test("a signed webhook gets the event, and the standardwebhooks package verifies its signature", async () => {
    const hook = await receiver();
    const { channel, secret } = await addChannel(owner, hook.url);
    expect(secret).toMatch(/^whsec_/);
    await emit(new Date());
    expect(hook.requests).toHaveLength(0);
    expect(await pass(new Date())).toBe(1);

    expect(hook.requests).toHaveLength(1);
    const [request] = hook.requests;
    const event = new Webhook(secret!).verify(request!.body, request!.headers) as { type: string; data: unknown };
    expect(event).toMatchObject({ type: "automation.failing", data: { automation: { name: "Invoices" } } });
    expect(() => new Webhook(secret!).verify(request!.body.replace("Invoices", "Payroll"), request!.headers)).toThrow();

    const [delivery] = await deliveries(channel.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, eventType: "automation.failing" });
    expect(delivery!.attemptLog).toEqual([
      expect.objectContaining({ statusCode: 200, responseExcerpt: "ok", error: null }),
    ]);
    expect(request!.headers["webhook-id"]).toBe(delivery!.id);
  });

  test("500 then 200: retried with backoff and the same webhook-id, both attempts in the log", async () => {
    const hook = await receiver((n) => (n === 0 ? { status: 500, body: "down" } : { status: 200 }));
    const { channel } = await addChannel(owner, hook.url);
    const start = new Date("2026-11-26T10:00:00Z");
    await emit(start);
    await pass(start);
    const [waiting] = await deliveries(channel.id);
    // 30 s is the first wait's ceiling; the fixed dice take three quarters of it.
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: "2026-11-26T10:00:22.500Z" });
    expect(waiting!.lastError).toBe("The receiver answered 500");
    expect(await pass(new Date("2026-11-26T10:00:22Z"))).toBe(0);
    expect(await pass(new Date("2026-11-26T10:00:23Z"))).toBe(1);

    expect(hook.requests.map((r) => r.headers["webhook-id"])).toEqual([waiting!.id, waiting!.id]);
    const [delivered] = await deliveries(channel.id);
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2 });
    expect(delivered!.attemptLog.map((a) => [a.statusCode, a.responseExcerpt])).toEqual([
      [200, ""],
      [500, "down"],
    ]);
  });

  test("a receiver that hangs is given up on after 5 s and tried again", async () => {
    const hook = await receiver(() => "hang");
    const { channel } = await addChannel(owner, hook.url);
    const now = new Date("2026-11-26T11:00:00Z");
    await emit(now);
    await pass(now);
    const [delivery] = await deliveries(channel.id);
    expect(delivery).toMatchObject({ status: "pending", lastError: "No answer within 5 s" });
    expect(delivery!.attemptLog[0]).toMatchObject({ statusCode: null, error: "No answer within 5 s" });
  });

  test("429 with Retry-After waits as long as the receiver asks", async () => {
    const hook = await receiver((n) =>
      n === 0 ? { status: 429, headers: { "retry-after": "120" } } : { status: 200 },
    );
    const { channel } = await addChannel(owner, hook.url);
    const now = new Date("2026-11-26T12:00:00Z");
    await emit(now);
    await pass(now);
    expect((await deliveries(channel.id))[0]).toMatchObject({
      status: "pending",
      nextAttemptAt: "2026-11-26T12:02:00.000Z",
    });
    expect(await pass(new Date("2026-11-26T12:01:59Z"))).toBe(0);
    expect(await pass(new Date("2026-11-26T12:02:00Z"))).toBe(1);
    expect((await deliveries(channel.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  test("another 4xx is not retried, and Resend queues it again with the same webhook-id", async () => {
    const hook = await receiver((n) => (n === 0 ? { status: 410, body: "gone" } : { status: 200 }));
    const { channel } = await addChannel(owner, hook.url);
    const now = new Date("2026-11-26T13:00:00Z");
    await emit(now);
    await pass(now);
    const [failed] = await deliveries(channel.id);
    expect(failed).toMatchObject({ status: "failed", lastError: "The receiver answered 410; not retried" });
    expect(await pass(new Date("2026-11-27T13:00:00Z"))).toBe(0);

    const resent = await as(owner, `/api/company/channels/${channel.id}/deliveries/${failed!.id}/resend`, {
      method: "POST",
    });
    expect(resent.status).toBe(200);
    expect(await pass(new Date())).toBe(1);
    expect(hook.requests.map((r) => r.headers["webhook-id"])).toEqual([failed!.id, failed!.id]);
    expect((await deliveries(channel.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
    const again = await as(owner, `/api/company/channels/${channel.id}/deliveries/${failed!.id}/resend`, {
      method: "POST",
    });
    expect(again.status).toBe(200);
    const twice = await as(owner, `/api/company/channels/${channel.id}/deliveries/${failed!.id}/resend`, {
      method: "POST",
    });
    expect(twice.status).toBe(409);
    expect((await json(twice)).message).toBe("This delivery is already waiting to go.");
  });

  test("a receiver down for an hour gets every event afterwards, in the order they happened", async () => {
    let up = false;
    const hook = await receiver(() => (up ? { status: 200 } : { status: 503 }));
    const { channel } = await addChannel(owner, hook.url);
    const start = new Date("2026-11-26T14:00:00Z").getTime();
    const minutes = (m: number) => new Date(start + m * 60_000);
    for (let m = 0; m <= 50; m += 10) {
      await emit(minutes(m), failing(`event at minute ${m}`));
      await pass(minutes(m));
    }
    up = true;
    // The worker keeps polling; the first event's backoff (at most an hour) decides when it goes.
    for (let m = 60; m <= 180; m += 1) await pass(minutes(m));

    const delivered = hook.requests.filter((_, n) => n >= hook.requests.length - 6);
    expect(
      delivered.map((r) => (JSON.parse(r.body) as { data: { automation: { name: string } } }).data.automation.name),
    ).toEqual([0, 10, 20, 30, 40, 50].map((m) => `event at minute ${m}`));
    expect((await deliveries(channel.id)).map((d) => d.status)).toEqual(Array(6).fill("delivered"));
    // While it was down, only the oldest event was tried: the others waited their turn.
    expect(hook.requests.slice(0, -6).every((r) => r.body.includes("minute 0"))).toBe(true);
  });

  test("a channel failing for 24 hours is turned off and its owner mailed once", async () => {
    const hook = await receiver(() => ({ status: 500 }));
    const { channel } = await addChannel(owner, hook.url);
    const start = new Date("2026-11-28T00:00:00Z").getTime();
    const hours = (h: number) => new Date(start + h * 3_600_000);
    for (let h = 0; h <= 26; h += 0.5) {
      if (h % 6 === 0) await emit(hours(h));
      await pass(hours(h));
    }
    const [row] = await t.db.select().from(notificationChannel).where(eq(notificationChannel.id, channel.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: "Every delivery failed for 24 hours." });
    expect(row!.disabledAt!.getTime()).toBeGreaterThanOrEqual(hours(24).getTime());
    const mails = (await t.outbox("owner@acme.test")).filter((m) => m.kind === "channel-disabled");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Alert channel turned off: webhook channel");

    // Off, it gets nothing; on again, what waited goes out.
    const tried = hook.requests.length;
    await pass(hours(27));
    expect(hook.requests.length).toBe(tried);
    const on = await as(owner, `/api/company/channels/${channel.id}`, { method: "PATCH", json: { enabled: true } });
    expect((await json(on)).channel).toMatchObject({ enabled: true, failingSince: null, disabledAt: null });
    await pass(hours(27));
    expect(hook.requests.length).toBe(tried + 1);
  });

  test("two instances delivering at once post each attempt once, each channel's events in order", async () => {
    const hook = await receiver();
    const channels = [];
    for (let n = 0; n < 3; n++)
      channels.push((await addChannel(owner, hook.url, { events: ["ticket.created"] })).channel);
    const now = new Date("2026-11-26T15:00:00Z");
    const ticket = (n: number) => ({
      ...failing("-"),
      type: "ticket.created" as ChannelEventType,
      client: { ...failing("-").client, data: { n } },
    });
    for (let n = 0; n < 8; n++) await emit(now, ticket(n));
    const queued = await t.db
      .select({ id: channelDelivery.id })
      .from(channelDelivery)
      .where(eq(channelDelivery.eventType, "ticket.created"));
    expect(queued).toHaveLength(24);
    for (let round = 0; round < 12; round++) await Promise.all([pass(now), pass(now), pass(now)]);

    const ids = hook.requests.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    for (const channel of channels) {
      const seen = (await deliveries(channel.id)).reverse();
      expect(seen.map((d) => d.status)).toEqual(Array(8).fill("delivered"));
      const order = hook.requests
        .filter((r) => seen.some((d) => d.id === r.headers["webhook-id"]))
        .map((r) => (JSON.parse(r.body) as { data: { n: number } }).data.n);
      expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    }
  });
});
