import { eq } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ZGetTicketResponse, ZTicketChangedResponse } from "../../../shared/support";
import { mailOutbox } from "../../db/schema/mail";
import { ticket, ticketMessage } from "../../db/schema/support";
import { json } from "../../test/fixtures";
import { as } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { seedSupport, type SupportWorld } from "./support-test-kit";
import { NOTICE_GAP_MS } from "./ticket-notices.service";

vi.setConfig({ testTimeout: 120_000 });

const SECRET = "inbound-secret-inbound-secret-0123456789";
let t: TestRuntime;
let w: SupportWorld;
beforeAll(async () => {
  t = await createTestRuntime({ INBOUND_EMAIL_DOMAIN: "reply.cogwork.test", INBOUND_EMAIL_SECRET: SECRET });
  w = await seedSupport(t, "sm");
}, 240_000);
afterAll(() => t.close());

const open = async () =>
  ZTicketChangedResponse.parse(
    await json(
      as(w.ann, "/api/tickets", { json: { subject: "Invoices missing", category: "other", message: "Help" } }),
    ),
  ).id;
const reply = (id: string, who: typeof w.ann, body: string, internal = false) =>
  as(who, `/api/tickets/${id}/messages`, { json: { body, internal } });
const noticesTo = async (email: string, id: string) =>
  (await t.outbox(email)).filter((m) => m.kind === "ticket-notice" && m.inReplyTo?.includes(id)).reverse();
const mime = (fields: Record<string, unknown>) =>
  new MailComposer({ subject: "Re: Invoices missing", ...fields }).compile().build();
const inbound = (raw: Buffer, secret = SECRET) =>
  t.request("/api/inbound/email", {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "message/rfc822" },
    body: new Uint8Array(raw),
  });

describe("email notices", () => {
  test("one mail per ticket and recipient per 5 minutes: later replies join the pending one; threaded", async () => {
    const id = await open();
    await reply(id, w.staff, "First answer.");
    await reply(id, w.staff, "Second thought.");
    const pending = await noticesTo(w.ann.email, id);
    expect(pending.length).toBe(1);
    expect(pending[0]!.text).toContain("First answer.");
    expect(pending[0]!.text).toContain("Second thought.");
    expect(pending[0]!.text).toContain("Reply to this email");
    await t.mailer.deliverDue();
    const sent = t.delivered.find((m) => m.to === w.ann.email && m.inReplyTo?.includes(id));
    expect(sent).toMatchObject({
      inReplyTo: `<ticket-${id}@cogwork.localhost>`,
      references: `<ticket-${id}@cogwork.localhost>`,
    });
    expect(sent!.replyTo).toMatch(/^reply\+[0-9a-f]{32}@reply\.cogwork\.test$/);
    expect(sent!.messageId).toMatch(/^<.+@cogwork\.localhost>$/);

    await reply(id, w.staff, "Third, right after.");
    await reply(id, w.staff, "Fourth.");
    const next = (await noticesTo(w.ann.email, id)).filter((m) => m.status === "pending");
    expect(next.length).toBe(1);
    const [first] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, pending[0]!.id));
    expect(next[0]!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(first!.sentAt!.getTime() + NOTICE_GAP_MS);
    expect(next[0]!.text).toContain("Fourth.");
    expect(next[0]!.text).not.toContain("First answer.");
    // The watcher-less member is not told; the staff side is told of client replies, not of its own.
    expect(await noticesTo(w.amy.email, id)).toEqual([]);
  });
});

describe("replies by email", () => {
  const replyAddressFor = async (id: string) => {
    await reply(id, w.staff, "Can you send the invoice number?");
    const [notice] = (await noticesTo(w.ann.email, id)).slice(-1);
    return notice!.replyTo!;
  };

  test("a reply from the notice's recipient is added as them, without the quoted text", async () => {
    const id = await open();
    const address = await replyAddressFor(id);
    const raw = await mime({
      from: w.ann.email,
      to: address,
      text: "It is INV-2041.\n\nOn Mon, 5 Jan 2026 at 10:00, Cogwork <no-reply@cogwork.localhost>\nwrote:\n> Can you send the invoice number?\n",
    });
    const res = await inbound(raw);
    expect(res.status).toBe(201);
    const thread = ZGetTicketResponse.parse(await json(as(w.ann, `/api/tickets/${id}`)));
    const last = thread.messages.at(-1)!;
    expect(last).toMatchObject({ body: "It is INV-2041.", via: "email", side: "client" });
    expect(thread.status).toBe("waiting_on_agency");
  });

  test("a forged sender, an unknown token, a missing secret and an oversized message are refused; nothing is added", async () => {
    const id = await open();
    const address = await replyAddressFor(id);
    const count = async () => (await t.db.select().from(ticketMessage).where(eq(ticketMessage.ticketId, id))).length;
    const before = await count();
    expect((await inbound(await mime({ from: w.bob.email, to: address, text: "Forged" }))).status).toBe(403);
    const unknown = address.replace(/reply\+[0-9a-f]{4}/, "reply+ffff");
    expect((await inbound(await mime({ from: w.ann.email, to: unknown, text: "Who?" }))).status).toBe(404);
    expect((await inbound(await mime({ from: w.ann.email, to: address, text: "No secret" }), "wrong")).status).toBe(
      401,
    );
    const attachments = [{ filename: "big.pdf", content: Buffer.alloc(23 * 1024 * 1024, 1) }];
    const huge = await mime({ from: w.ann.email, to: address, text: "Too big", attachments });
    expect((await inbound(huge)).status).toBe(413);
    expect(await count()).toBe(before);
    expect((await t.db.select().from(ticket).where(eq(ticket.id, id)))[0]!.status).toBe("waiting_on_client");
  });
});
