import { asc, gt, lt, sql } from "drizzle-orm";
import { sessionChange } from "../db/schema/auth";
import { isPastMaxAge, type SessionResult } from "./session";
import type { Database } from "../db/client";

/** How often an instance reads the change log: a revocation elsewhere reaches it within this. */
export const SESSION_CHANGE_POLL_MS = 2_000;
const KEEP_CHANGES_MS = 3_600_000;
const PRUNE_EVERY_MS = 600_000;
const MAX_ENTRIES = 20_000;
const CHANGES_PER_READ = 1_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

export interface SessionCacheOptions {
  db: Database;
  /** Better Auth's session.expiresIn and session.updateAge, in milliseconds. */
  expiresInMs: number;
  updateAgeMs: number;
  /** SESSION_MAX_AGE_HOURS, in milliseconds. */
  maxAgeMs: number;
  pollMs?: number;
}

interface Entry {
  result: SessionResult;
  userId: string;
}

/**
 * Sessions checked by Better Auth, kept in this process so that a warm request reads none.
 * An entry is used only while Better Auth itself would neither refuse the session (idle, past
 * the absolute limit) nor slide its expiry (due once per updateAge): then the next request asks
 * Better Auth again, so the idle timeout moves exactly as without the cache, and no entry lives
 * longer than updateAge. Changes to sessions and accounts are logged by database triggers
 * (session_change); the log is read before serving from memory whenever a state-changing
 * request finished in this process since the last read (so sign-out, revocation, ban and
 * password change take effect at once here), and at least every `pollMs` (other instances).
 */
export function createSessionCache({
  db,
  expiresInMs,
  updateAgeMs,
  maxAgeMs,
  pollMs = SESSION_CHANGE_POLL_MS,
}: SessionCacheOptions) {
  const entries = new Map<string, Entry>();
  /** Bumped whenever entries are dropped, so that a load racing a revocation is not kept. */
  let drops = 0;
  /** Per account, what a request reads about it besides the session (its membership), with when it was read. */
  const facts = new Map<string, { at: number; value: Promise<unknown> }>();
  const log = followChangeLog(
    db,
    { updateAgeMs, pollMs },
    {
      dropUsers: (users) => {
        if (users.size === 0) return;
        drops++;
        for (const [key, entry] of entries) if (users.has(entry.userId)) entries.delete(key);
        for (const key of facts.keys()) if (users.has(key.slice(0, key.indexOf("|")))) facts.delete(key);
      },
      dropAll: () => {
        drops++;
        entries.clear();
        facts.clear();
      },
    },
  );
  const catchUp = log.catchUp;

  const usable = (result: SessionResult, now: number) => isUsable(result, now, { expiresInMs, updateAgeMs, maxAgeMs });

  return {
    /** The session of these headers: from memory when still usable, else from `load` (and kept). */
    async get(headers: Headers, load: () => Promise<SessionResult | null>): Promise<SessionResult | null> {
      const key = SESSION_COOKIE.exec(headers.get("cookie") ?? "")?.[1];
      if (!key) return load();
      await catchUp();
      const entry = entries.get(key);
      if (entry && usable(entry.result, Date.now())) return entry.result;
      entries.delete(key);
      const dropsBefore = drops;
      const result = await load();
      if (result && drops === dropsBefore && usable(result, Date.now())) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { result, userId: result.user.id });
      }
      return result;
    },
    /**
     * A fact about an account that changes only with a row the change log covers (its company
     * membership): read once, kept like a session (at most updateAge), dropped with its account.
     * Call after `get`, which has caught up with the log.
     */
    async remember<T>(userId: string, name: string, load: () => Promise<T>): Promise<T> {
      const key = `${userId}|${name}`;
      const now = Date.now();
      const kept = facts.get(key);
      if (kept && now >= kept.at && now - kept.at < updateAgeMs) return kept.value as Promise<T>;
      const dropsBefore = drops;
      const value = load();
      const fact = { at: now, value };
      if (facts.size >= MAX_ENTRIES) facts.delete(facts.keys().next().value!);
      facts.set(key, fact);
      const forget = () => {
        if (facts.get(key) === fact) facts.delete(key);
      };
      value.then(() => drops !== dropsBefore && forget(), forget);
      return value;
    },
    /** A state-changing request finished here: the next session read catches up with the log first. */
    written() {
      log.written();
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/** Whether Better Auth would take the session as it is: neither refuse it nor slide its expiry. */
function isUsable(
  { session }: SessionResult,
  now: number,
  { expiresInMs, updateAgeMs, maxAgeMs }: { expiresInMs: number; updateAgeMs: number; maxAgeMs: number },
) {
  const expiresAt = new Date(session.expiresAt).getTime();
  return (
    now < expiresAt && now < expiresAt - expiresInMs + updateAgeMs && !isPastMaxAge(session.createdAt, maxAgeMs, now)
  );
}

/**
 * Follows the session_change log from this process: `catchUp` reads it if a local write
 * (`written`) or the poll interval asks for it (one read at a time), and tells the cache which
 * accounts changed, or to drop everything after a first read, a long pause or a flood of changes.
 */
function followChangeLog(
  db: Database,
  { updateAgeMs, pollMs }: { updateAgeMs: number; pollMs: number },
  drop: { dropUsers: (users: Set<string>) => void; dropAll: () => void },
) {
  let lastSeq: number | null = null;
  let polledAt = 0;
  let prunedAt = 0;
  /** Bumped by every local write; a read of the log that started after it covers it. */
  let writes = 0;
  let coveredWrites = -1;
  let reading: Promise<void> | undefined;

  async function readChanges() {
    const startedWith = writes;
    const now = Date.now();
    if (lastSeq === null || Math.abs(now - polledAt) > updateAgeMs) {
      // First read, or a long pause: every entry would be due for a refresh anyway.
      const [row] = await db.select({ seq: sql<string | null>`max(${sessionChange.seq})` }).from(sessionChange);
      lastSeq = Number(row?.seq ?? 0);
      drop.dropAll();
    } else {
      const rows = await db
        .select({ seq: sessionChange.seq, userId: sessionChange.userId })
        .from(sessionChange)
        .where(gt(sessionChange.seq, lastSeq))
        .orderBy(asc(sessionChange.seq))
        .limit(CHANGES_PER_READ);
      if (rows.length === CHANGES_PER_READ) drop.dropAll();
      else drop.dropUsers(new Set(rows.map((row) => row.userId)));
      if (rows.length) lastSeq = rows[rows.length - 1]!.seq;
    }
    polledAt = now;
    coveredWrites = startedWith;
    if (now - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = now;
      void db
        .delete(sessionChange)
        .where(lt(sessionChange.changedAt, new Date(now - KEEP_CHANGES_MS)))
        .catch(() => {});
    }
  }

  return {
    /** Reads the log if a local write or the poll interval asks for it (one read at a time). */
    async catchUp(): Promise<void> {
      // A clock that went back (polledAt in the future) counts as due, too.
      const due = () => Date.now() - polledAt >= pollMs || Date.now() < polledAt;
      while (coveredWrites < writes || lastSeq === null || due()) {
        reading ??= readChanges().finally(() => (reading = undefined));
        await reading;
      }
    },
    written() {
      writes++;
    },
  };
}
