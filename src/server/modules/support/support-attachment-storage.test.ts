import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ZGetTicketResponse, ZTicketChangedResponse } from "../../../shared/support";
import { ticket, ticketAttachment, ticketAttachmentChunk, ticketMessage } from "../../db/schema/support";
import { json } from "../../test/fixtures";
import { as } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { createTicket } from "./create-ticket.service";
import { addReply } from "./reply.service";
import { seedSupport, type SupportWorld } from "./support-test-kit";
import type { AttachmentStore } from "./attachment-store";

vi.setConfig({ testTimeout: 120_000 });

// A quota of 1 MB, so that a few small files reach it.
let t: TestRuntime;
let w: SupportWorld;
beforeAll(async () => {
  t = await createTestRuntime({ ATTACHMENT_QUOTA_MB: "1" });
  w = await seedSupport(t, "st");
}, 240_000);
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const KB = 1024;
/** Text of `bytes` bytes, each file its own letters, so that a mix-up of two files shows. */
const text = (bytes: number, seed: string) => Buffer.from(seed.repeat(Math.ceil(bytes / seed.length)).slice(0, bytes));
const file = (fileName: string, bytes: Buffer) => ({ fileName, contentBase64: bytes.toString("base64") });
const open = (who: SupportWorld["ann"], attachments: unknown[]) =>
  as(who, "/api/tickets", { json: { subject: "Files", category: "other", message: "See files", attachments } });
const reply = (who: SupportWorld["ann"], id: string, attachments: unknown[]) =>
  as(who, `/api/tickets/${id}/messages`, { json: { body: "More files", attachments } });
const download = async (who: SupportWorld["ann"], id: string, fileId: string) =>
  Buffer.from(await (await as(who, `/api/tickets/${id}/attachments/${fileId}`)).arrayBuffer());

/** Everything stored for attachments: rows, chunk rows, and files (staged ones too) of a file store. */
async function stored() {
  const rows = (await t.db.select({ id: ticketAttachment.id }).from(ticketAttachment)).length;
  const chunks = (await t.db.select({ seq: ticketAttachmentChunk.seq }).from(ticketAttachmentChunk)).length;
  const folder = t.attachments.folder;
  const files = folder
    ? fs
        .readdirSync(folder, { recursive: true })
        .filter((name) => fs.statSync(path.join(folder, String(name))).isFile()).length
    : 0;
  return { rows, chunks, files };
}

describe("attachment storage", () => {
  test("files of several slices are stored and come back byte for byte", async () => {
    const big = text(400 * KB, "abcdefghij\n");
    const small = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3000, 7)]);
    const created = ZTicketChangedResponse.parse(
      await json(open(w.bob, [file("log.txt", big), file("shot.png", small)])),
    );
    const [first, second] = ZGetTicketResponse.parse(await json(as(w.bob, `/api/tickets/${created.id}`))).messages[0]!
      .attachments;
    expect([first!.sizeBytes, second!.sizeBytes]).toEqual([big.length, small.length]);
    expect((await download(w.bob, created.id, first!.id)).equals(big)).toBe(true);
    expect((await download(w.bob, created.id, second!.id)).equals(small)).toBe(true);
    expect((await download(w.staff, created.id, first!.id)).equals(big)).toBe(true);
  });

  test("uploads of one company at once are all stored (the quota's lock does not deadlock them)", async () => {
    const statuses = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(
        async (n) => (await open(w.bob, [file(`${n}.txt`, text(16 * KB, `at once ${n} `))])).status,
      ),
    );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
  });

  test("past the company's quota an upload gets a 413 that says so, stores nothing, and other companies go on", async () => {
    const first = await open(w.ann, [file("a.txt", text(600 * KB, "first "))]);
    expect(first.status).toBe(201);
    const { id } = ZTicketChangedResponse.parse(await first.json());
    const before = await stored();
    const over = await reply(w.amy, id, [file("b.txt", text(500 * KB, "second "))]);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message:
        "These files (500 KB) do not fit in the company's file storage of 1 MB: 600 KB is already used. " +
        "Send smaller files, or ask the agency to make room.",
    });
    // Staff replying with a file on the company's ticket count against the same quota.
    expect((await reply(w.staff, id, [file("c.txt", text(500 * KB, "third "))])).status).toBe(413);
    expect((await open(w.ann, [file("d.txt", text(500 * KB, "fourth "))])).status).toBe(413);
    expect(await stored()).toEqual(before);
    // Another company's room is its own.
    expect((await open(w.bob, [file("f.txt", text(100 * KB, "other "))])).status).toBe(201);
    // The reply without a file is no upload: it still goes through.
    expect((await reply(w.amy, id, [])).status).toBe(201);

    // What still fits goes through.
    expect((await reply(w.amy, id, [file("e.txt", text(400 * KB, "fifth "))])).status).toBe(201);
  });

  test("a request refused or failing midway leaves no row, no chunk and no file behind", async () => {
    const before = await stored();
    // The first file is received (and staged) before the second is found not to be text.
    const refused = await open(w.bob, [
      file("fine.txt", text(250 * KB, "fine ")),
      file("bad.txt", Buffer.concat([text(10 * KB, "bad "), Buffer.from([0x00, 0x01])])),
    ]);
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual({ "attachments.1": "Only images, PDF and text files" });
    expect(await stored()).toEqual(before);
    // Not base64 past the first slices: found as it is decoded, and what was staged is removed.
    const garbled = `${text(250 * KB, "fine ").toString("base64")}!!!!${"A".repeat(1000)}`;
    const notBase64 = await open(w.bob, [{ fileName: "garbled.txt", contentBase64: garbled }]);
    expect(notBase64.status).toBe(400);
    expect((await notBase64.json()).fields).toEqual({ "attachments.0.contentBase64": "Not base64" });
    expect(await stored()).toEqual(before);

    // A store that fails after the bytes of the second file were written: the transaction is rolled back.
    let written = 0;
    const { persist, commit } = t.attachments;
    const failing: Pick<AttachmentStore, "persist" | "commit"> = {
      persist: async (tx, received) => {
        await persist(tx, received);
        if (++written === 2) throw new Error("The disk is full.");
      },
      commit: async (ids) => {
        if (written >= 2) throw new Error("A failed upload must not be committed.");
        await commit(ids);
      },
    };
    // The context's store is the runtime's: it fails for the calls below, and is itself again after them.
    const spies = [
      vi.spyOn(t.attachments, "persist").mockImplementation(failing.persist),
      vi.spyOn(t.attachments, "commit").mockImplementation(failing.commit),
    ];
    const uploads = [file("one.txt", text(120 * KB, "one ")), file("two.txt", text(120 * KB, "two "))];
    const tickets = (await t.db.select({ id: ticket.id }).from(ticket)).length;
    const messages = (await t.db.select({ id: ticketMessage.id }).from(ticketMessage)).length;
    const scope = { all: false as const, companyId: w.bob.companyId };
    const actor = { id: w.bob.userId, email: w.bob.email, name: "Bob", role: "client", ip: null };
    const ctx = t.context({ actor, scope, now: new Date() });
    const draft = { subject: "Files", category: "other" as const, priority: "normal" as const, message: "Two files" };
    await expect(createTicket(ctx, { ...draft, watcherIds: [], attachments: uploads })).rejects.toThrow(
      "The disk is full.",
    );
    expect((await t.db.select({ id: ticket.id }).from(ticket)).length).toBe(tickets);
    expect(await stored()).toEqual(before);

    // The same for a reply on an existing ticket.
    written = 0;
    const { id } = ZTicketChangedResponse.parse(await json(open(w.bob, [])));
    const afterOpen = (await t.db.select({ id: ticketMessage.id }).from(ticketMessage)).length;
    expect(afterOpen).toBe(messages + 1);
    const input = { ticketId: id, body: "Two more", internal: false, files: uploads, via: "portal" as const };
    await expect(addReply(ctx, input)).rejects.toThrow("The disk is full.");
    for (const spy of spies) spy.mockRestore();
    expect((await t.db.select({ id: ticketMessage.id }).from(ticketMessage)).length).toBe(afterOpen);
    expect(await stored()).toEqual(before);
  });
});
