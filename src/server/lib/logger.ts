/** A small leveled logger writing one line per event; enough for a single-process app. */
export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  debug: (message: string, extra?: unknown) => void;
  info: (message: string, extra?: unknown) => void;
  warn: (message: string, extra?: unknown) => void;
  error: (message: string, extra?: unknown) => void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(level: LogLevel = "info"): Logger {
  const emit = (at: LogLevel) => (message: string, extra?: unknown) => {
    if (ORDER[at] < ORDER[level]) return;
    const line = `${new Date().toISOString()} ${at.padEnd(5)} ${message}`;
    const write = at === "error" || at === "warn" ? console.error : console.log;
    if (extra === undefined) write(line);
    else write(line, extra instanceof Error ? (extra.stack ?? extra.message) : extra);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
