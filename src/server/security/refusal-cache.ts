import type { SecurityEventInput } from "../modules/security";

/** Enough for a flood from many addresses; past it, expired entries go first, then the oldest. */
const MAX_ENTRIES = 100_000;

/**
 * Remembers until when the rate limiter refuses a client address on a path, so that the flood
 * after the first refusal is answered from memory: no body read, no database, no password hash.
 * It learns only from the limiter's own answers and never holds longer than the limiter would
 * (a whole second less, since Retry-After is rounded up), so it refuses nothing the limiter allows.
 */
export function createRefusalCache() {
  const refusedUntil = new Map<string, number>();
  const running = new Map<string, number>();

  function prune(now: number) {
    for (const [key, until] of refusedUntil) if (until <= now) refusedUntil.delete(key);
    for (const key of refusedUntil.keys()) {
      if (refusedUntil.size < MAX_ENTRIES) break;
      refusedUntil.delete(key);
    }
  }

  return {
    /** Seconds left to wait, or undefined when the limiter has to decide. */
    retryAfter(key: string, now = Date.now()): number | undefined {
      const until = refusedUntil.get(key);
      if (until === undefined) return undefined;
      if (until <= now) {
        refusedUntil.delete(key);
        return undefined;
      }
      return Math.max(1, Math.ceil((until - now) / 1000));
    },
    /** Requests of this key still being answered. */
    inFlight: (key: string): number => running.get(key) ?? 0,
    /** Counts a request as in progress until the returned function is called. */
    start(key: string): () => void {
      running.set(key, (running.get(key) ?? 0) + 1);
      return () => {
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      };
    },
    /** Records the limiter's refusal and its Retry-After. */
    remember(key: string, retryAfterSeconds: number, now = Date.now()): void {
      const holdMs = (retryAfterSeconds - 1) * 1000;
      if (holdMs <= 0) return;
      if (refusedUntil.size >= MAX_ENTRIES) prune(now);
      refusedUntil.set(key, now + holdMs);
    },
  };
}

/**
 * Counts repeats of security events in memory and hands each on once a second with its count,
 * so that a flood of refusals costs one log write per source and second, not one per request.
 */
export function batchSecurityEvents(write: (event: SecurityEventInput) => void, intervalMs = 1000) {
  const pending = new Map<string, SecurityEventInput & { count: number }>();
  let timer: NodeJS.Timeout | undefined;

  function flush() {
    timer = undefined;
    const events = [...pending.values()];
    pending.clear();
    for (const event of events) write(event);
  }

  return (event: SecurityEventInput): void => {
    const key = JSON.stringify([event.type, event.ip, event.userId, event.email, event.path, event.message]);
    const seen = pending.get(key);
    if (seen) seen.count += event.count ?? 1;
    else pending.set(key, { ...event, count: event.count ?? 1 });
    // Unref'd: a pending batch never keeps a stopping process alive.
    timer ??= setTimeout(flush, intervalMs).unref();
  };
}
