import { describe, expect, test } from "vitest";
import { createLogger } from "../lib/logger";
import { consoleTransport } from "./transport";

describe("the console transport (no SMTP_URL)", () => {
  test("logs the message as one JSON line and prints each link once, on its own readable line", async () => {
    let logged = "";
    let printed = "";
    const log = createLogger("info", { write: (line: string) => void (logged += line) });
    const transport = consoleTransport(log, { write: (text: string) => void (printed += text) });
    const link = "http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fportal";
    await transport.send({
      from: "Cogwork <no-reply@cogwork.test>",
      to: "ann@example.com",
      subject: 'Confirm\n{"level":"error"} your email\u202E',
      text: `Hello.\n\nConfirm your email: ${link}\n\nOr paste: ${link}\n\nOr this one: ${link}x\u202Eevil\n\n— Cogwork`,
      html: "<p>Hello.</p>",
      messageId: "<1@cogwork.test>",
    });

    const records = logged
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toEqual([
      expect.objectContaining({
        msg: "mail written, not sent (no SMTP_URL)",
        to: "ann@example.com",
        subject: 'Confirm\n{"level":"error"} your email\u202E',
      }),
    ]);
    expect(printed).toBe(`  ${link}\n  ${link}x\\u202eevil\n`);
  });
});
