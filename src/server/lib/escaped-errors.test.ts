import { EventEmitter } from "node:events";
import { describe, expect, test } from "vitest";
import { routeEscapedErrors } from "./escaped-errors";
import { createLogger } from "./logger";

/** A logger writing JSON lines into a string, a console that must stay silent, and a process to emit on. */
function setUp() {
  let written = "";
  const log = createLogger("debug", { write: (chunk: string) => void (written += chunk) });
  const printed: unknown[][] = [];
  const fakeConsole = {
    error: (...args: unknown[]) => void printed.push(args),
    warn: (...args: unknown[]) => void printed.push(args),
  };
  const fakeProcess = new EventEmitter();
  const exits: number[] = [];
  routeEscapedErrors(log, { console: fakeConsole, process: fakeProcess, exit: (code) => void exits.push(code) });
  const records = () =>
    written
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { fakeConsole, fakeProcess, printed, exits, records };
}

describe("errors that escape every handler", () => {
  test("what a library prints with console.error (a failed response stream) becomes one JSON record", () => {
    const { fakeConsole, printed, records } = setUp();
    fakeConsole.error(new Error("read ECONNRESET while streaming export.csv"));
    expect(printed).toEqual([]);
    expect(records()).toHaveLength(1);
    const [record] = records();
    expect(record).toMatchObject({ level: "error", msg: "error printed by a library" });
    expect((record!.err as { message: string; stack: string }).message).toBe(
      "read ECONNRESET while streaming export.csv",
    );
    expect((record!.err as { stack: string }).stack).toContain("escaped-errors.test.ts");
  });

  test("an unhandled rejection is logged, and the process goes on", () => {
    const { fakeProcess, exits, records } = setUp();
    fakeProcess.emit("unhandledRejection", new Error("nobody awaited this"));
    expect(records()).toMatchObject([
      { level: "error", msg: "unhandled promise rejection", err: { message: "nobody awaited this" } },
    ]);
    expect(exits).toEqual([]);
  });

  test("an uncaught exception is logged, then the process stops with code 1", () => {
    const { fakeProcess, exits, records } = setUp();
    fakeProcess.emit("uncaughtException", new TypeError("undefined is not a function"));
    expect(records()).toMatchObject([
      { level: "error", msg: "uncaught exception, stopping", err: { message: "undefined is not a function" } },
    ]);
    expect(exits).toEqual([1]);
  });
});
