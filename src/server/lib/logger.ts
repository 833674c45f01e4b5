import pino from "pino";

/**
 * JSON lines through pino: the message is ours, every value that came from outside goes into a
 * field, so a crafted path or email address can neither end the line nor pose as a record.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  /** `extra`: fields (an `err` field holds an Error), or an Error on its own. */
  debug: (message: string, extra?: unknown) => void;
  info: (message: string, extra?: unknown) => void;
  warn: (message: string, extra?: unknown) => void;
  error: (message: string, extra?: unknown) => void;
}

export interface LogDestination {
  write: (line: string) => unknown;
}

/**
 * What JSON leaves raw but a terminal or viewer acts on: DEL, C1 controls, and the invisible format
 * characters (bidi overrides and isolates such as U+202E, zero-width marks, line and paragraph
 * separators, byte order mark) that make a line display other than it reads.
 */
const INVISIBLE = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

/** Replaces each of those characters with its `\uXXXX` escape: valid inside a JSON string, visible as text. */
export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function fieldsOf(extra: unknown): object | undefined {
  if (extra === undefined) return undefined;
  if (extra instanceof Error) return { err: extra };
  if (typeof extra === "object" && extra !== null && !Array.isArray(extra)) return extra;
  return { extra };
}

/** Logs to stdout, warnings and errors to stderr; or to `destination` (tests). */
export function createLogger(level: LogLevel = "info", destination?: LogDestination): Logger {
  const stream =
    destination ??
    pino.multistream(
      [
        { level: "debug", stream: process.stdout },
        { level: "warn", stream: process.stderr },
      ],
      { dedupe: true },
    );
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Applied to the finished line: the characters above only ever occur inside JSON strings.
      hooks: { streamWrite: escapeInvisible },
    },
    stream as pino.DestinationStream,
  );
  const emit = (at: LogLevel) => (message: string, extra?: unknown) => {
    const fields = fieldsOf(extra);
    if (fields) logger[at](fields, message);
    else logger[at](message);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
