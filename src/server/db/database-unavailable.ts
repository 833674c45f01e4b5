import { AppError } from "../lib/app-error";

/** How long a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures: the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

/**
 * SQLSTATEs of a server going away or not yet back: class 08 (connection exception),
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/**
 * node-postgres's pool waited its whole time-out for one of its connections to come free: every
 * connection is in use. The database is up; we are asking more of it than the pool holds.
 */
const POOL_WAIT_TIMEOUT = /^timeout exceeded when trying to connect$/;

/** Errors node-postgres raises itself when a connection dies or cannot be opened in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
];

/** A database fault that passes by itself: "unavailable" (down, restarting, unreachable) or "busy" (no pooled connection free). */
export type DatabaseTrouble = "unavailable" | "busy";

/**
 * Whether the error is a passing state of the database rather than a fault of the request or of
 * our code, and which one. Query errors arrive wrapped (Drizzle's "Failed query: …"), so the
 * whole chain of causes is looked at.
 */
export function databaseTrouble(error: unknown): DatabaseTrouble | undefined {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof message === "string" && POOL_WAIT_TIMEOUT.test(message)) return "busy";
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return "unavailable";
    if (typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return "unavailable";
    if (current instanceof AggregateError) {
      const inner = current.errors.map(databaseTrouble).find(Boolean);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether the database cannot be reached right now (down, restarting, unreachable). */
export const isDatabaseUnavailable = (error: unknown) => databaseTrouble(error) === "unavailable";

/** What the log says of each, in words an operator acts on. */
export const DATABASE_TROUBLE_LOG: Record<DatabaseTrouble, string> = {
  unavailable: "the database is unavailable",
  busy: "the database is busy: no pooled connection came free in time (all in use)",
};

/** The answer to any request that met an unreachable or busy database: 503 with Retry-After. */
export const databaseTroubleError = (trouble: DatabaseTrouble) =>
  trouble === "busy"
    ? new AppError("UNAVAILABLE", "The service is busy. Please try again in a moment.", {
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      })
    : new AppError("UNAVAILABLE", "The service is briefly unavailable. Please try again in a moment.", {
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
