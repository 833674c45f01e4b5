import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { enqueueMail } from "./outbox";
import { content, createTestMailer, fakeTransport, outboxRowsTo } from "./outbox-test-kit";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

test("attachments are sent with the message: stored bytes, and references rendered at delivery", async () => {
  const transport = fakeTransport();
  const rendered: string[] = [];
  const mailer = createTestMailer(t.db, transport, {
    attachmentSources: { report: async (ref) => (rendered.push(ref), Buffer.from(`report ${ref}`)) },
  });
  await enqueueMail(t.db, "attach-1@example.com", {
    ...content(1),
    attachments: [
      { filename: "a.txt", contentType: "text/plain", contentBase64: Buffer.from("hello").toString("base64") },
      { filename: "r.txt", contentType: "text/plain", source: "report", ref: "42" },
    ],
  });
  expect(await mailer.deliverDue()).toBe(1);
  const [sent] = transport.sent;
  expect(sent?.attachments?.map((a) => [a.filename, a.content.toString()])).toEqual([
    ["a.txt", "hello"],
    ["r.txt", "report 42"],
  ]);
  expect(rendered).toEqual(["42"]);
});

test("an attachment no renderer knows fails the attempt, which is retried later, not sent without it", async () => {
  const transport = fakeTransport();
  const mailer = createTestMailer(t.db, transport);
  await enqueueMail(t.db, "attach-2@example.com", {
    ...content(2),
    attachments: [{ filename: "r.txt", contentType: "text/plain", source: "unknown", ref: "1" }],
  });
  await mailer.deliverDue();
  expect(transport.sent).toEqual([]);
  const [row] = await outboxRowsTo(t.db, "attach-2@");
  expect(row).toMatchObject({ status: "pending", attempts: 1 });
  expect(row?.lastError).toContain("no renderer for attachments of source unknown");
});
