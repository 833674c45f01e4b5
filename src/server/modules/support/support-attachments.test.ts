import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ZGetTicketResponse, ZTicketChangedResponse } from "../../../shared/support";
import { ticketAttachment } from "../../db/schema/support";
import { json } from "../../test/fixtures";
import { as } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { sniffType } from "./attachment-types";
import { seedSupport, type SupportWorld } from "./support-test-kit";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let w: SupportWorld;
beforeAll(async () => {
  t = await createTestRuntime();
  w = await seedSupport(t, "sa");
}, 240_000);
afterAll(() => t.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const file = (fileName: string, bytes: Buffer) => ({ fileName, contentBase64: bytes.toString("base64") });
const open = (attachments: unknown[]) =>
  as(w.ann, "/api/tickets", { json: { subject: "Files", category: "other", message: "See files", attachments } });
const thread = async (id: string, who = w.ann) => ZGetTicketResponse.parse(await json(as(who, `/api/tickets/${id}`)));

describe("attachments", () => {
  test("the type comes from the bytes, never the name", () => {
    expect(sniffType(PNG)).toBe("image/png");
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffType(Buffer.from("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffType(Buffer.from("Plain notes, ünïcode.\n"))).toBe("text/plain");
    expect(sniffType(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
    expect(sniffType(Buffer.from("<html>\0</html>"))).toBeNull();
  });

  test("stored with the sniffed type, served only to who may read the ticket, as a download", async () => {
    const created = ZTicketChangedResponse.parse(
      await json(open([file("screenshot.png", PNG), file("invoice.pdf", Buffer.from("just text, named .pdf"))])),
    );
    const [png, text] = (await thread(created.id)).messages[0]!.attachments;
    expect([png!.contentType, text!.contentType]).toEqual(["image/png", "text/plain"]);
    const url = `/api/tickets/${created.id}/attachments/${png!.id}`;
    const res = await as(w.amy, url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="screenshot\.png"/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await as(w.bob, url)).status).toBe(404);
    expect((await as(w.staff, url)).status).toBe(200);
    expect((await t.request(url)).status).toBe(401);
  });

  test("a file of an internal note is never served to the client", async () => {
    const { id } = ZTicketChangedResponse.parse(await json(open([])));
    await as(w.staff, `/api/tickets/${id}/messages`, {
      json: { body: "Log excerpt", internal: true, attachments: [file("log.txt", Buffer.from("secret log"))] },
    });
    const note = (await thread(id, w.staff)).messages.find((m) => m.kind === "internal")!;
    const url = `/api/tickets/${id}/attachments/${note.attachments[0]!.id}`;
    expect((await as(w.ann, url)).status).toBe(404);
    expect((await as(w.staff, url)).status).toBe(200);
  });

  test("other types, files over 5 MB and messages over 20 MB are refused, and nothing is stored", async () => {
    const before = (await t.db.select({ id: ticketAttachment.id }).from(ticketAttachment)).length;
    const exe = await open([file("notes.txt", Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))]);
    expect(exe.status).toBe(400);
    expect((await exe.json()).fields).toEqual({ "attachments.0": "Only images, PDF and text files" });
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x61);
    expect((await open([file("big.txt", big)])).status).toBe(400);
    const nearly = Buffer.concat([PNG, Buffer.alloc(4.2 * 1024 * 1024)]);
    const five = [1, 2, 3, 4, 5].map((n) => file(`shot-${n}.png`, nearly));
    const tooMuch = await open(five);
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).message).toBe("The files of one message may be at most 20 MB together.");
    // Far past what 20 MB of files can weigh: refused by the body limit before it is read.
    expect((await open([...five, ...five])).status).toBe(413);
    expect((await t.db.select({ id: ticketAttachment.id }).from(ticketAttachment)).length).toBe(before);
  });
});
