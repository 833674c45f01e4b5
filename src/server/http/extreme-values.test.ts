import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ZTicketChangedResponse } from "../../shared/support";
import { createServiceContext } from "../context/service-context";
import { exportRunsCsv } from "../modules/automations";
import { json, postRun, registerAutomation, signUpClient, signUpStaff, type SignedIn } from "../test/fixtures";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";

/* Extreme values that once reached the database or a parser and came back as a 500 (audit "Hardening 2", item 3). */

vi.setConfig({ testTimeout: 120_000 });

const SECRET = "inbound-secret-inbound-secret-0123456789";
let t: TestRuntime;
let staff: SignedIn;
let ann: SignedIn;
let automation: { id: string; key: string };
beforeAll(async () => {
  t = await createTestRuntime({ INBOUND_EMAIL_DOMAIN: "reply.cogwork.test", INBOUND_EMAIL_SECRET: SECRET });
  staff = await signUpStaff(t, "ops@extreme.test");
  ann = await signUpClient(t, "ann@extreme.test", "Extreme");
  automation = await registerAutomation(t, staff, ann.companyId!, { name: "Extreme invoices" });
  await postRun(t, automation.key, { externalRunId: "r1" });
}, 240_000);
afterAll(() => t.close());

const as = (who: SignedIn) => ({ headers: { cookie: who.cookie } });

/** A 400 with a readable message: what every one of these must answer. */
async function expectRefused(res: Response, message: RegExp) {
  const body = await res.text();
  expect(res.status, body).toBe(400);
  expect(JSON.parse(body)).toMatchObject({ message: expect.stringMatching(message) });
}

describe("dates outside a plausible window", () => {
  test("the run history refuses ?to=9999-12-31 and ?from=1900-01-01", async () => {
    await expectRefused(await t.request(`/api/automations/${automation.id}/runs?to=9999-12-31`, as(ann)), /2000-01-01/);
    await expectRefused(
      await t.request(`/api/automations/${automation.id}/runs?from=1900-01-01`, as(ann)),
      /2000-01-01/,
    );
  });

  test("the CSV export refuses ?to=9999-12-31 before it starts streaming", async () => {
    const res = await t.request(`/api/automations/${automation.id}/runs/export.csv?to=9999-12-31`, as(ann));
    await expectRefused(res, /2000-01-01/);
  });

  test("the security log refuses ?to=9999-12-31", async () => {
    await expectRefused(await t.request("/api/admin/security-events?to=9999-12-31", as(staff)), /2000-01-01/);
  });

  test.each([
    ["startedAt", { startedAt: "0000-01-01T00:00:00Z" }],
    ["startedAt", { startedAt: "9999-12-31T00:00:00Z" }],
    ["startedAt", { startedAt: "1999-12-31T23:59:59Z" }],
    ["finishedAt", { startedAt: "2026-01-01T00:00:00Z", finishedAt: "9999-12-31T00:00:00Z" }],
  ])("ingest refuses %s out of range %j, and stores nothing", async (field, times) => {
    const run = { externalRunId: `far-${JSON.stringify(times)}`, status: "success", ...times };
    const res = await t.request("/api/v1/runs", { headers: { authorization: `Bearer ${automation.key}` }, json: run });
    await expectRefused(res, new RegExp(`${field}.*2000`));
    const batch = await t.request("/api/v1/runs/batch", {
      headers: { authorization: `Bearer ${automation.key}` },
      json: { runs: [run] },
    });
    expect(batch.status).toBe(400);
    const runs = await json<{ runs: { externalRunId: string }[] }>(
      t.request(`/api/automations/${automation.id}/runs`, as(ann)),
    );
    expect(runs.runs.map((r) => r.externalRunId)).not.toContain(run.externalRunId);
  });

  test("a run dated tomorrow is still taken (clocks drift, zones run ahead)", async () => {
    const soon = new Date(Date.now() + 12 * 3_600_000).toISOString();
    const res = await postRun(t, automation.key, { externalRunId: "soon", startedAt: soon });
    expect(res.status).toBeLessThan(300);
  });
});

describe("NUL bytes in ids", () => {
  test("the staff queue refuses assigneeId=%00", async () => {
    await expectRefused(await t.request("/api/staff/tickets?assigneeId=%00", as(staff)), /control characters/);
  });

  test("a ticket update refuses an assigneeId with a NUL in it", async () => {
    const created = ZTicketChangedResponse.parse(
      await json(
        t.request("/api/tickets", { ...as(ann), json: { subject: "Help", category: "other", message: "Please" } }),
      ),
    );
    const res = await t.request(`/api/staff/tickets/${created.id}`, {
      ...as(staff),
      method: "PATCH",
      json: { assigneeId: "a\u0000b" },
    });
    await expectRefused(res, /control characters/);
  });
});

describe("inbound email", () => {
  const inbound = (raw: Buffer | string) =>
    t.request("/api/inbound/email", {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET}`, "content-type": "message/rfc822" },
      body: typeof raw === "string" ? raw : new Uint8Array(raw),
    });

  /** A reply address of a real ticket, as the notice to Ann carries it. */
  async function replyAddress(): Promise<string> {
    const created = ZTicketChangedResponse.parse(
      await json(
        t.request("/api/tickets", { ...as(ann), json: { subject: "Mail", category: "other", message: "Hi" } }),
      ),
    );
    await t.request(`/api/tickets/${created.id}/messages`, { ...as(staff), json: { body: "Which invoice?" } });
    const notice = (await t.outbox(ann.email)).filter((m) => m.kind === "ticket-notice").at(-1);
    return notice!.replyTo!;
  }

  test("a NUL byte in the body is refused with a message", async () => {
    const to = await replyAddress();
    const raw = await new MailComposer({ from: ann.email, to, subject: "Re: Mail", text: "INV-\u00002041" })
      .compile()
      .build();
    await expectRefused(await inbound(raw), /NUL|control character/);
  });

  test("a message with 20,000 MIME parts is refused with a message", async () => {
    const to = await replyAddress();
    const parts = Array.from({ length: 20_000 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join(
      "",
    );
    const raw =
      `From: ${ann.email}\r\nTo: ${to}\r\nSubject: Re: Mail\r\nMIME-Version: 1.0\r\n` +
      `Content-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`;
    await expectRefused(await inbound(raw), /parts/);
  });
});

describe("a failure in the middle of a CSV export", () => {
  test("cuts the download and hands the cause to the logger", async () => {
    await postRun(t, automation.key, { externalRunId: "r2" });
    let broken = false;
    // The database goes away after the export started: every later select fails.
    const db = new Proxy(t.db, {
      get: (target, property, receiver) =>
        broken && property === "select"
          ? () => {
              throw new Error("connection terminated");
            }
          : Reflect.get(target, property, receiver),
    });
    const logged: unknown[] = [];
    const ctx = createServiceContext({
      db,
      app: t.context().app,
      wakeMail: () => {},
      actor: null,
      scope: { all: true },
    });
    const { body } = await exportRunsCsv(ctx, {
      id: automation.id,
      chunkRows: 1,
      onError: (error) => void logged.push(error),
    });
    broken = true;
    await expect(new Response(body).text()).rejects.toThrow();
    expect(logged).toMatchObject([{ message: "connection terminated" }]);
  });
});
