import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { channelDelivery, notificationChannel } from "../../db/schema/channels";
import { isPrivateAddress, MAX_RESPONSE_BYTES, postJson, refusedUrl } from "../../lib/outbound-http";
import { openSecret, sealSecret } from "../../lib/secret-box";
import { json } from "../../test/fixtures";
import { as, givenCompany, givenStaff, type Caller, type GivenCompany } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { outboundPolicy } from "./channel-policy";
import { fixedRandom, startReceiver, type Receiver } from "./channels-test-kit";
import { deliverDueEvents, emitChannelEvent } from "./index";
import type { TChannelWithSecretResponse, TListChannelsResponse } from "../../../shared/channels";

vi.setConfig({ testTimeout: 60_000 });

let t: TestRuntime;
let a: GivenCompany;
let b: GivenCompany;
let staff: Caller;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await createTestRuntime();
  a = await givenCompany(t, { name: "Company A", owner: "owner@a.test", members: ["member@a.test"] });
  b = await givenCompany(t, { name: "Company B", owner: "owner@b.test" });
  staff = await givenStaff(t, "staff@agency.test");
});
afterEach(async () => {
  await t.db.delete(notificationChannel);
});
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await t.close();
});

async function receiver() {
  const started = await startReceiver();
  receivers.push(started);
  return started;
}

async function add(who: Caller, body: Record<string, unknown>, base = "/api/company/channels") {
  const response = await as(who, base, { json: { name: "Alerts", events: ["automation.failing"], ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<TChannelWithSecretResponse>(response);
}

const event = (companyId: string, note: string) => ({
  type: "automation.failing" as const,
  companyId,
  client: {
    data: { note },
    summary: { title: `Failing <${note}>`, text: "3 failures & counting", url: "http://x.test/a" },
  },
  agency: {
    data: { note, internal: true },
    summary: { title: `Agency: ${note}`, text: "-", url: "http://x.test/admin" },
  },
});

const pass = () => deliverDueEvents(t.context({ now: new Date() }), { random: fixedRandom });

describe("alert channels", () => {
  test("each company's events reach its own channels and the agency's, never another company's", async () => {
    const hookA = await receiver();
    const hookB = await receiver();
    const hookAgency = await receiver();
    await add(a.owner, { kind: "webhook", url: hookA.url });
    await add(b.owner, { kind: "webhook", url: hookB.url });
    await add(staff, { kind: "webhook", url: hookAgency.url }, "/api/staff/channels");
    await t.context().transaction((tx) => emitChannelEvent(tx, event(a.id, "A's automation")));
    await pass();

    expect(hookA.requests.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ type: "automation.failing", data: { note: "A's automation" } }),
    ]);
    expect(hookB.requests).toHaveLength(0);
    expect(hookAgency.requests.map((r) => JSON.parse(r.body).data)).toEqual([
      { note: "A's automation", internal: true },
    ]);
  });

  test("another company's owner, a plain member and staff cannot reach a company's channel", async () => {
    const { channel } = await add(b.owner, { kind: "slack", url: "https://hooks.slack.test/services/T/B/secret" });
    await as(b.owner, `/api/company/channels/${channel.id}/test`, { method: "POST" });
    const [delivery] = await t.db.select().from(channelDelivery).where(eq(channelDelivery.channelId, channel.id));
    const paths = [
      ["PATCH", `/api/company/channels/${channel.id}`, { enabled: false }],
      ["DELETE", `/api/company/channels/${channel.id}`],
      ["POST", `/api/company/channels/${channel.id}/test`],
      ["GET", `/api/company/channels/${channel.id}/deliveries`],
      ["POST", `/api/company/channels/${channel.id}/deliveries/${delivery!.id}/resend`],
    ] as const;
    for (const [method, path, body] of paths) {
      const init = body ? { method, json: body } : { method };
      expect((await as(a.owner, path, init)).status, `${method} ${path} as A's owner`).toBe(404);
      expect((await as(a.members[0]!, path, init)).status, `${method} ${path} as A's member`).toBe(403);
      expect((await as(staff, path.replace("/company/", "/staff/"), init)).status, `${method} ${path} as staff`).toBe(
        404,
      );
    }
    expect((await json<TListChannelsResponse>(as(a.owner, "/api/company/channels"))).channels).toEqual([]);
    expect((await json<TListChannelsResponse>(as(staff, "/api/staff/channels"))).channels).toEqual([]);
    expect((await json<TListChannelsResponse>(as(b.owner, "/api/company/channels"))).channels).toHaveLength(1);
  });

  test("addresses and secrets are encrypted at rest and never answered after creation", async () => {
    const url = "https://hooks.slack.test/services/T000/B000/very-secret-token";
    const { channel: slack } = await add(a.owner, { kind: "slack", url });
    const { channel, secret } = await add(a.owner, { kind: "webhook", url: "https://example.test/hooks/cogwork" });
    expect(slack.urlHint).toBe("https://hooks.slack.test/…oken");
    const [row] = await t.db.select().from(notificationChannel).where(eq(notificationChannel.id, channel.id));
    expect(row!.secretEncrypted).not.toContain(secret!.slice(6, 20));
    expect(openSecret(t.config, row!.secretEncrypted!)).toBe(secret);
    const listed = JSON.stringify(await json(as(a.owner, "/api/company/channels")));
    expect(listed).not.toContain("very-secret-token");
    expect(listed).not.toContain(secret!);

    const rotated = await json<TChannelWithSecretResponse>(
      as(a.owner, `/api/company/channels/${channel.id}/secret`, { method: "POST" }),
    );
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    const slackRotate = await as(a.owner, `/api/company/channels/${slack.id}/secret`, { method: "POST" });
    expect(slackRotate.status).toBe(409);
    expect(() =>
      openSecret({ CHANNEL_SECRET_KEY: "another-key-another-key-another-key!" }, sealSecret(t.config, "x")),
    ).toThrow();
  });

  test("the form's mistakes are answered with readable messages", async () => {
    const cases = [
      [
        { kind: "fax", url: "https://x.test", events: ["automation.failing"] },
        "Choose Slack, Microsoft Teams or a webhook",
      ],
      [{ kind: "slack", url: "ftp://x.test/hook", events: ["automation.failing"] }, "Enter a full http(s) address"],
      [{ kind: "slack", url: "https://x.test/hook", events: [] }, "Choose at least one event"],
      [
        { kind: "slack", url: "https://user:pw@x.test/hook", events: ["automation.failing"] },
        "The address must not carry a user name or password.",
      ],
    ] as const;
    for (const [body, message] of cases) {
      const response = await as(a.owner, "/api/company/channels", { json: { name: "Alerts", ...body } });
      expect(response.status).toBe(400);
      expect((await json(response)).message).toContain(message);
    }
  });

  test("Slack gets a message, Teams an Adaptive Card, both escaped and without the event's data", async () => {
    const slack = await receiver();
    const teams = await receiver();
    await add(a.owner, { kind: "slack", url: slack.url });
    await add(a.owner, { kind: "teams", url: teams.url });
    await t.context().transaction((tx) => emitChannelEvent(tx, event(a.id, "Invoices")));
    await pass();
    const slackBody = JSON.parse(slack.requests[0]!.body);
    expect(slackBody.text).toBe("Failing <Invoices>: 3 failures & counting");
    expect(slackBody.blocks[0].text.text).toBe("*Failing &lt;Invoices&gt;*\n3 failures &amp; counting");
    expect(slack.requests[0]!.headers["webhook-signature"]).toBeUndefined();
    const card = JSON.parse(teams.requests[0]!.body).attachments[0];
    expect(card.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(card.content.body[0].text).toBe("Failing <Invoices>");
    expect(card.content.actions[0].url).toBe("http://x.test/a");
  });
});

describe("outbound safety", () => {
  const production = outboundPolicy({ NODE_ENV: "production", CHANNELS_ALLOW_PRIVATE_ADDRESSES: "off" });

  test("production takes https only, and refuses private and loopback addresses unless allowed", async () => {
    expect(refusedUrl("http://hooks.example.com/x", production)).toBe("The address must start with https://.");
    expect(refusedUrl("https://hooks.example.com/x", production)).toBeNull();
    expect(
      refusedUrl("http://127.0.0.1:9/x", outboundPolicy({ NODE_ENV: "test", CHANNELS_ALLOW_PRIVATE_ADDRESSES: "off" })),
    ).toBeNull();
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.0.10",
      "172.20.0.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ["93.184.216.34", "2606:4700::1111", "1.1.1.1"])
      expect(isPrivateAddress(address), address).toBe(false);

    const hook = await receiver();
    const httpsOnLoopback = { requireHttps: false, allowPrivateAddresses: false };
    const refused = await postJson(hook.url, "{}", {}, httpsOnLoopback);
    expect(refused).toMatchObject({
      statusCode: null,
      error: "127.0.0.1 resolves to a private or loopback address, which may not be reached from here",
    });
    const viaName = await postJson(hook.url.replace("127.0.0.1", "localhost"), "{}", {}, httpsOnLoopback);
    expect(viaName.error).toMatch(/^localhost resolves to a private or loopback address/);
    expect(hook.requests).toHaveLength(0);
    const allowed = outboundPolicy({ NODE_ENV: "production", CHANNELS_ALLOW_PRIVATE_ADDRESSES: "on" });
    expect(allowed.allowPrivateAddresses).toBe(true);
  });

  test("a redirect is not followed, and only the first 64 KB of an answer are read", async () => {
    const target = await startReceiver();
    receivers.push(target);
    const redirecting = await startReceiver(() => ({ status: 302, headers: { location: target.url } }));
    receivers.push(redirecting);
    const open = { requireHttps: false, allowPrivateAddresses: true };
    expect(await postJson(redirecting.url, "{}", {}, open)).toMatchObject({ statusCode: 302 });
    expect(target.requests).toHaveLength(0);

    const huge = await startReceiver(() => ({ status: 200, body: "x".repeat(5 * 1024 * 1024) }));
    receivers.push(huge);
    const answer = await postJson(huge.url, "{}", {}, open);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.length).toBe(MAX_RESPONSE_BYTES);
  });
});
