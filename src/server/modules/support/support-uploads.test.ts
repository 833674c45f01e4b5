import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ZGetTicketResponse, ZTicketChangedResponse } from "../../../shared/support";
import { ZUploadFileResponse } from "../../../shared/support";
import { ticketAttachment, ticketAttachmentChunk } from "../../db/schema/support";
import { json } from "../../test/fixtures";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { sweepUnsentUploads } from "./pending-uploads";
import { seedSupport, type SupportWorld } from "./support-test-kit";

vi.setConfig({ testTimeout: 120_000 });

// Streamed uploads (ADR 0022), on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.
// A quota of 2 MB, so that a few files reach it.
let t: TestRuntime;
let w: SupportWorld;
beforeAll(async () => {
  t = await createTestRuntime({ ATTACHMENT_QUOTA_MB: "2" });
  w = await seedSupport(t, "up");
}, 240_000);
afterAll(() => t.close());

const KB = 1024;
type Who = SupportWorld["ann"];
/** Text of `bytes` bytes, each file its own letters, so that a mix-up of two files shows. */
const text = (bytes: number, seed: string) => Buffer.from(seed.repeat(Math.ceil(bytes / seed.length)).slice(0, bytes));
const upload = (who: Who, fileName: string, bytes: Buffer, options: { length?: boolean } = {}) =>
  t.request(`/api/tickets/uploads?fileName=${encodeURIComponent(fileName)}`, {
    method: "POST",
    headers: {
      cookie: who.cookie,
      "content-type": "application/octet-stream",
      ...(options.length === false ? {} : { "content-length": String(bytes.length) }),
    },
    body: new Uint8Array(bytes),
  });
const uploaded = async (who: Who, fileName: string, bytes: Buffer) =>
  ZUploadFileResponse.parse(await answered(upload(who, fileName, bytes), 201));
/** The answer's body, once its status is the one expected (else its message shows). */
async function answered(response: Promise<Response>, status: number) {
  const res = await response;
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}
const open = (who: Who, uploadIds: string[], attachments: unknown[] = []) =>
  t.request("/api/tickets", {
    headers: { cookie: who.cookie },
    json: { subject: "Files", category: "other", message: "See files", uploadIds, attachments },
  });
const reply = (who: Who, id: string, uploadIds: string[]) =>
  t.request(`/api/tickets/${id}/messages`, {
    headers: { cookie: who.cookie },
    json: { body: "More files", uploadIds },
  });
const download = async (who: Who, id: string, fileId: string) =>
  Buffer.from(
    await (
      await t.request(`/api/tickets/${id}/attachments/${fileId}`, { headers: { cookie: who.cookie } })
    ).arrayBuffer(),
  );

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

describe("streamed uploads", () => {
  test("uploaded files are sent with a new ticket and a reply, and come back byte for byte", async () => {
    const big = text(700 * KB, "0123456789abcdef\n");
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3000, 7)]);
    const first = await uploaded(w.bob, "log.txt", big);
    expect(first).toMatchObject({ fileName: "log.txt", contentType: "text/plain", sizeBytes: big.length });
    const second = await uploaded(w.bob, "shot.png", png);
    expect(second.contentType).toBe("image/png");
    // An upload and a base64 file in one message.
    const inline = { fileName: "note.txt", contentBase64: Buffer.from("inline note").toString("base64") };
    const created = ZTicketChangedResponse.parse(await answered(open(w.bob, [first.id, second.id], [inline]), 201));
    const files = ZGetTicketResponse.parse(
      await json(t.request(`/api/tickets/${created.id}`, { headers: { cookie: w.bob.cookie } })),
    ).messages[0]!.attachments;
    expect(files.map((file) => file.fileName)).toEqual(["log.txt", "shot.png", "note.txt"]);
    expect((await download(w.bob, created.id, first.id)).equals(big)).toBe(true);
    expect((await download(w.staff, created.id, second.id)).equals(png)).toBe(true);
    const [row] = await t.db.select().from(ticketAttachment).where(eq(ticketAttachment.id, first.id));
    expect(row!.sha256).toBe(createHash("sha256").update(big).digest("hex"));
    expect(row!.storedIn).toBe(t.databaseUrl ? "chunks" : "file");

    // Staff upload too, and send their file on the company's ticket.
    const log = text(20 * KB, "staff log ");
    const staffFile = await uploaded(w.staff, "staff.txt", log);
    expect((await reply(w.staff, created.id, [staffFile.id])).status).toBe(201);
    expect((await download(w.bob, created.id, staffFile.id)).equals(log)).toBe(true);
  });

  test("an upload is only its uploader's, once: anyone else's, another company's or a sent one is not found", async () => {
    const mine = await uploaded(w.ann, "mine.txt", text(KB, "ann's "));
    const refusals = [
      await open(w.bob, [mine.id]), // another company
      await open(w.amy, [mine.id]), // the same company, not the uploader
    ];
    const { id: bobTicket } = ZTicketChangedResponse.parse(await answered(open(w.bob, []), 201));
    refusals.push(await reply(w.staff, bobTicket, [mine.id])); // staff, on another ticket
    for (const res of refusals) {
      expect(res.status).toBe(404);
      expect((await res.json()).message).toMatch(/not among your uploads/);
    }
    // Sent once, then never again.
    const { id } = ZTicketChangedResponse.parse(await answered(open(w.ann, [mine.id]), 201));
    expect((await reply(w.ann, id, [mine.id])).status).toBe(404);
    // Two messages at once: one takes it.
    const once = await uploaded(w.ann, "once.txt", text(KB, "once "));
    const statuses = await Promise.all([reply(w.ann, id, [once.id]), reply(w.ann, id, [once.id])]);
    expect(statuses.map((res) => res.status).sort()).toEqual([201, 404]);
    // Not an id at all: the schema says so.
    expect((await open(w.ann, ["nope"])).status).toBe(400);
  });

  test("too large, full or not a file we take: 413 or 400 with a reason, and nothing is left", async () => {
    const before = await stored();
    const over = await upload(w.bob, "big.txt", text(5 * 1024 * KB + 1, "big "));
    expect(over.status).toBe(413);
    expect((await over.json()).message).toBe("big.txt is larger than 5 MB.");
    // Without a Content-Length the sixth megabyte is found as it is read.
    expect((await upload(w.bob, "big.txt", text(5 * 1024 * KB + 1, "big "), { length: false })).status).toBe(413);
    const exe = await upload(w.bob, "tool.txt", Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]));
    expect(exe.status).toBe(400);
    expect((await exe.json()).message).toBe("tool.txt is not an image, a PDF or a text file.");
    expect((await upload(w.bob, "empty.txt", Buffer.alloc(0))).status).toBe(400);
    expect((await upload(w.bob, "", text(KB, "x"))).status).toBe(400);
    // A client that stops sending midway.
    const cutOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(text(300 * KB, "cut ")));
        setTimeout(() => controller.error(new Error("The connection closed.")), 10);
      },
    });
    const stopped = await t.request("/api/tickets/uploads?fileName=cut.txt", {
      method: "POST",
      headers: { cookie: w.bob.cookie, "content-length": String(600 * KB) },
      body: cutOff,
      duplex: "half",
    } as RequestInit);
    expect(stopped.status).toBe(400);
    expect((await stopped.json()).message).toBe("The upload stopped before the whole file arrived. Please try again.");
    expect(await stored()).toEqual(before);

    // The quota (2 MB) counts uploads not sent yet: Beta used about 0.7 MB above.
    const fits = await uploaded(w.bob, "fits.txt", text(600 * KB, "fits "));
    const full = await upload(w.bob, "full.txt", text(900 * KB, "full "));
    expect(full.status).toBe(413);
    expect(await full.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", reason: "storage-quota" });
    // Also when the size is known only at the end.
    expect((await upload(w.bob, "full.txt", text(900 * KB, "full "), { length: false })).status).toBe(413);
    // Another company's room is its own.
    expect((await upload(w.ann, "other.txt", text(900 * KB, "other "))).status).toBe(201);
    // Sending the one that fitted counts it once.
    expect((await open(w.bob, [fits.id])).status).toBe(201);
  });

  test("an upload no message took within a day is swept, rows, chunks and files", async () => {
    const before = await stored();
    const lost = await uploaded(w.amy, "lost.txt", text(300 * KB, "lost "));
    const chunksOf = async (id: string) =>
      (await t.db.select().from(ticketAttachmentChunk).where(eq(ticketAttachmentChunk.attachmentId, id))).length;
    if (t.databaseUrl) expect(await chunksOf(lost.id)).toBeGreaterThan(0);
    // 23 hours later it is still there; past 24 hours it goes (with Acme's unsent 900 KB), and cannot be sent any more.
    expect(await sweepUnsentUploads(t.context({ now: new Date(Date.now() + 23 * 3_600_000) }))).toBe(0);
    const removed = await sweepUnsentUploads(t.context({ now: new Date(Date.now() + 25 * 3_600_000) }));
    expect(removed).toBe(2);
    const after = await stored();
    expect(after.rows).toBe(before.rows + 1 - removed);
    if (t.attachments.folder) expect(after.files).toBe(before.files + 1 - removed);
    expect(await chunksOf(lost.id)).toBe(0);
    expect((await open(w.amy, [lost.id])).status).toBe(404);
    // What was sent stays.
    expect(after.rows).toBeGreaterThan(0);
  });
});
