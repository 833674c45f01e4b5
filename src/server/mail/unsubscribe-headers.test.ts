import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { enqueueMail } from "./outbox";
import { createTestMailer } from "./outbox-test-kit";
import type { MailTransport } from "./transport";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

test("an outbox message's extra headers reach the wire as nodemailer writes them (RFC 8058 one-click)", async () => {
  // Nodemailer's own message builder, as the SMTP transport uses it, writing to a buffer instead of a socket.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const raw: Buffer[] = [];
  const transport: MailTransport = {
    kind: "smtp",
    send: async (mail) => void raw.push((await builder.sendMail(mail)).message as Buffer),
    close: () => {},
  };
  const url = `http://localhost:3000/api/email-preferences/unsubscribe/${"a".repeat(60)}.${"b".repeat(43)}`;
  await enqueueMail(t.db, "headers@example.com", {
    kind: "automation-failing",
    subject: "Automation failing: Payroll",
    text: "Text",
    html: "<p>Text</p>",
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
  await enqueueMail(t.db, "plain@example.com", { kind: "test", subject: "Plain", text: "Text", html: "<p>Text</p>" });
  expect(await createTestMailer(t.db, transport).deliverDue()).toBe(2);

  // The header block of each message, with folded lines unfolded (RFC 5322).
  const headerBlock = (message: Buffer) =>
    message
      .toString("utf8")
      .split("\r\n\r\n")[0]!
      .replace(/\r\n[ \t]+/g, " ");
  const [first, second] = raw.map(headerBlock).sort((a) => (a.includes("Subject: Plain") ? 1 : -1));
  expect(first).toContain(`List-Unsubscribe: <${url}>`);
  expect(first).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(second).not.toContain("List-Unsubscribe");
  // A mail reader finds the address there.
  const parsed = await simpleParser(raw.find((message) => headerBlock(message) === first)!);
  expect(parsed.headers.get("list")).toMatchObject({ unsubscribe: { url } });
});
