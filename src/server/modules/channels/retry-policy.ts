/** How a failed attempt is followed up (ADR 0029). */
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 3_600_000;
/** Retries of one event stop this long after it was queued; a channel failing this long is disabled. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** 5xx, 429 and no answer at all (timeout, connection refused) are tried again; other answers are not. */
export const isRetryable = (statusCode: number | null) =>
  statusCode === null || statusCode === 429 || statusCode >= 500;

export const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/**
 * The wait before the next attempt: 30 s doubling up to an hour, each wait drawn between half and
 * all of it (jitter: receivers coming back are not hit by every sender at once).
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** A Retry-After header in ms (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** When to try again after a retryable failure, or null once the event's 24 hours are over. */
export function nextAttemptAt(input: {
  now: Date;
  queuedAt: Date;
  attempts: number;
  retryAfter: string | null;
  random?: () => number;
}): Date | null {
  const wait = retryAfterMs(input.retryAfter, input.now) ?? backoffMs(input.attempts, input.random);
  const next = new Date(input.now.getTime() + wait);
  return next.getTime() - input.queuedAt.getTime() > GIVE_UP_AFTER_MS ? null : next;
}
