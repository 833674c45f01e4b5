import { describe, expect, test } from "vitest";
import { createLogger } from "./logger";

/** A logger writing into an array of lines, as it would write to stdout. */
function capture(level: Parameters<typeof createLogger>[0] = "debug") {
  let written = "";
  const log = createLogger(level, { write: (chunk: string) => void (written += chunk) });
  return {
    log,
    text: () => written,
    lines: () => written.split("\n").filter(Boolean),
    records: () =>
      written
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

// A request path that tries to end the line, start a forged record and reverse what follows on screen.
const FORGED = '/a\n{"level":"error","msg":"admin signed in"}\u202Etxt.exe\r\u2066\u200F\u2028\u007F\u0085';

describe("the logger", () => {
  test("writes one JSON line per event, with the message and its fields", () => {
    const out = capture();
    out.log.info("mail delivery failed", { to: "ann@example.com", attempt: 2 });
    expect(out.lines()).toHaveLength(1);
    expect(out.records()[0]).toMatchObject({
      level: "info",
      msg: "mail delivery failed",
      to: "ann@example.com",
      attempt: 2,
    });
    expect(new Date(out.records()[0]!.time as string).getTime()).toBeGreaterThan(0);
  });

  test("a forged value stays inside its field: one line, control and bidi characters escaped", () => {
    const out = capture();
    out.log.warn("request failed", { path: FORGED });
    out.log.error(FORGED);
    expect(out.lines()).toHaveLength(2);
    expect(out.records().map((record) => record.path ?? record.msg)).toEqual([FORGED, FORGED]);
    const raw = out.text();
    expect(raw).toContain("\\n");
    expect(raw.toLowerCase()).toContain("\\u202e");
    for (const invisible of ["\r", "\u202E", "\u2066", "\u200F", "\u2028", "\u007F", "\u0085"])
      expect(raw).not.toContain(invisible);
  });

  test("an error keeps its message and stack in a field", () => {
    const out = capture();
    out.log.error("request failed", { method: "GET", err: new Error("boom") });
    out.log.error("worker failed", new Error("bang"));
    const [first, second] = out.records();
    expect(first).toMatchObject({ msg: "request failed", method: "GET", err: { message: "boom", type: "Error" } });
    expect((first!.err as { stack: string }).stack).toContain("logger.test.ts");
    expect(second).toMatchObject({ msg: "worker failed", err: { message: "bang" } });
  });

  test("leaves out what is below its level", () => {
    const out = capture("warn");
    out.log.debug("noise");
    out.log.info("more noise");
    out.log.warn("kept");
    expect(out.records().map((record) => record.msg)).toEqual(["kept"]);
  });
});
