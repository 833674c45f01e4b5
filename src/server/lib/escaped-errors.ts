import type { Logger } from "./logger";

type Print = (...args: unknown[]) => void;

export interface EscapedErrorTargets {
  console: { error: Print; warn: Print };
  process: { on: (event: "uncaughtException" | "unhandledRejection", listener: (reason: unknown) => void) => unknown };
  exit: (code: number) => void;
}

/** Console arguments as log fields: an Error goes in `err` (message and stack inside the JSON line), the rest as text. */
function fieldsOf(args: unknown[]): Record<string, unknown> {
  const err = args.find((arg) => arg instanceof Error);
  const detail = args
    .filter((arg) => arg !== err)
    .map((arg) => (typeof arg === "string" ? arg : String(arg)))
    .join(" ");
  return { ...(err ? { err } : {}), ...(detail ? { detail } : {}) };
}

/**
 * Errors that no handler of ours caught reach the JSON logger, never stderr as a raw stack: what a
 * library prints with console.error or console.warn (the HTTP adapter prints a response stream's
 * failure so), a promise rejection nobody awaited, and an exception nobody caught (logged, then the
 * process stops, as it would have without the handler). For the server process only.
 */
export function routeEscapedErrors(
  log: Logger,
  targets: EscapedErrorTargets = { console, process, exit: (code) => process.exit(code) },
) {
  targets.console.error = (...args) => log.error("error printed by a library", fieldsOf(args));
  targets.console.warn = (...args) => log.warn("warning printed by a library", fieldsOf(args));
  targets.process.on("unhandledRejection", (reason) => log.error("unhandled promise rejection", fieldsOf([reason])));
  targets.process.on("uncaughtException", (err) => {
    log.error("uncaught exception, stopping", fieldsOf([err]));
    targets.exit(1);
  });
}
