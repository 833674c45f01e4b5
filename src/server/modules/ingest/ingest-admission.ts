import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { automation, ingestKey } from "../../db/schema/automations";
import { AppError } from "../../lib/app-error";
import { addToRatesSql, decideShare, tooManyMessage, type RateRule } from "../../security/rate-limit";
import { INVALID_INGEST_KEY, type IngestContext } from "../ingest-keys";
import type { Database } from "../../db/client";

export type LockedAutomation = typeof automation.$inferSelect;

interface Admission {
  /** The reports refused, by their index: over the key's rate, or a key no longer valid. */
  refused: Map<number, AppError>;
  /** The automations of the reports let in, locked for the transaction, in id order. */
  automations: LockedAutomation[];
  /** When each admitted key was last used, as stored. */
  keysLastUsed: Map<string, Date | null>;
}

const RATE_KEY_PREFIX = "ingest:";
const rateKey = (keyId: string) => `${RATE_KEY_PREFIX}${keyId}`;

/**
 * The key id of runs a platform connection read from the platform itself (ADR 0034): no ingest
 * key and no rate, the automation is locked by its id. A group holds either pulled reports or
 * keyed ones (the sync job ingests its own groups), so locks stay in one order.
 */
export const PULLED = "pulled-from-platform";
const RETIRED_OR_GONE = "The automation is retired or no longer exists; its runs are no longer read.";

async function lockPulledAutomations(tx: Database, reports: { ctx: IngestContext }[]) {
  const ids = [...new Set(reports.filter(({ ctx }) => ctx.keyId === PULLED).map(({ ctx }) => ctx.automationId))];
  if (ids.length === 0) return new Map<string, LockedAutomation>();
  const rows = await tx
    .select()
    .from(automation)
    .where(and(inArray(automation.id, ids), ne(automation.status, "retired")))
    .orderBy(asc(automation.id))
    .for("update");
  return new Map(rows.map((row) => [row.id, row]));
}

/** The key and automation of each valid key among `keyIds`, for update (see `admitReports`). */
const lockKeysQuery = (tx: Database, keyIds: SQL) =>
  tx
    .select({
      ...getTableColumns(automation),
      keyId: sql<string>`${ingestKey.id}`.as("key_id"),
      keyLastUsedAt: sql<Date | null>`${ingestKey.lastUsedAt}`.mapWith(ingestKey.lastUsedAt).as("key_last_used_at"),
    })
    .from(ingestKey)
    .innerJoin(automation, eq(automation.id, ingestKey.automationId))
    .where(and(sql`${ingestKey.id} = any(${keyIds})`, isNull(ingestKey.revokedAt), ne(automation.status, "retired")))
    .orderBy(asc(automation.id))
    // The keys too: a revocation committed while this waited is seen when the lock is granted.
    .for("update", { of: [automation, ingestKey] });

type LockedKey = Awaited<ReturnType<typeof lockKeysQuery>>[number];
type Counters = Map<string, { count: number; windowStart: number }>;

/**
 * Takes each key's rate allowance and locks the keys (with their automations) that have one
 * left, in ONE statement: the counters' upsert is a CTE that a scalar subquery reads whole
 * before the first key is read, so the counters are always locked before the automations (in id
 * order, as the Sort under the row locks hands them over). One row per counter, with its key's
 * locked row when it was let in and is still valid.
 */
async function takeRatesAndLock(tx: Database, uses: Map<string, number>, rate: RateRule, now: number) {
  const counters = tx
    .$with("counters", {
      key: sql<string>`key`.as("key"),
      count: sql<string>`count`.as("count"),
      windowStart: sql<string>`last_request`.as("last_request"),
    })
    .as(addToRatesSql(uses, rate, now));
  const keys = [...uses.keys()];
  const usesOf = sql`unnest(${sql.param(keys)}::text[], ${sql.param(keys.map((key) => uses.get(key)!))}::int[])`;
  // A key with at least one request within its rate (see decideShare) is locked.
  const admitted = sql`(select array_agg(substr(c.key, ${RATE_KEY_PREFIX.length + 1})::uuid)
    from ${counters} c join ${usesOf} as v(key, uses) on v.key = c.key
    where ${rate.max} - (c.count - v.uses) > 0)::uuid[]`;
  const locked = tx.$with("locked").as(lockKeysQuery(tx, admitted));
  const lockedFields = Object.fromEntries(
    [...Object.keys(getTableColumns(automation)), "keyId", "keyLastUsedAt"].map((name) => [
      name,
      locked[name as keyof typeof locked],
    ]),
  ) as unknown as { keyId: typeof locked.keyId };
  const rows = await tx
    .with(counters, locked)
    .select({
      counterKey: counters.key,
      count: counters.count,
      windowStart: counters.windowStart,
      locked: lockedFields,
    })
    .from(counters)
    .leftJoin(locked, sql`${locked.keyId} = substr(${counters.key}, ${RATE_KEY_PREFIX.length + 1})::uuid`);
  const taken: Counters = new Map();
  for (const row of rows) taken.set(row.counterKey, { count: Number(row.count), windowStart: Number(row.windowStart) });
  return {
    counters: taken,
    rows: rows.flatMap((row) => (row.locked?.keyId ? [row.locked as unknown as LockedKey] : [])),
  };
}

/** Which of the reports are over their key's rate: the earliest reports of each key go first. */
function refuseOverRate(
  reports: { ctx: IngestContext }[],
  uses: Map<string, number>,
  counters: Counters,
  rate: RateRule,
  now: number,
) {
  const refused = new Map<number, AppError>();
  const left = new Map<string, { allowed: number; retryAfterSeconds: number }>();
  for (const [key, counter] of counters) left.set(key, decideShare(counter, uses.get(key)!, rate, now));
  reports.forEach(({ ctx }, i) => {
    const share = left.get(rateKey(ctx.keyId))!;
    if (share.allowed > 0) share.allowed -= 1;
    else {
      const { retryAfterSeconds } = share;
      refused.set(i, new AppError("RATE_LIMITED", tooManyMessage(retryAfterSeconds), { retryAfterSeconds }));
    }
  });
  return refused;
}

/**
 * The first step of an ingest transaction for a group of reports: each key's rate allowance is
 * taken (past it a report gets 429, the earliest ones go first), and the automations of the
 * remaining reports are locked in id order, which is also where a key revoked or an automation
 * retired since the key was checked is found (401). With a rate, both are one statement (see
 * `takeRatesAndLock`). Locks are always taken in the same order (rate counters by key, then
 * automations by id), so groups on several instances wait for each other and never deadlock.
 */
export async function admitReports(
  tx: Database,
  reports: { ctx: IngestContext }[],
  rate: RateRule | undefined,
  now: Date,
): Promise<Admission> {
  let refused = new Map<number, AppError>();
  let rows: LockedKey[] = [];
  const keyed = reports.filter(({ ctx }) => ctx.keyId !== PULLED);
  if (rate) {
    const uses = new Map<string, number>();
    for (const { ctx } of reports) uses.set(rateKey(ctx.keyId), (uses.get(rateKey(ctx.keyId)) ?? 0) + 1);
    const taken = await takeRatesAndLock(tx, uses, rate, now.getTime());
    refused = refuseOverRate(reports, uses, taken.counters, rate, now.getTime());
    rows = taken.rows;
  } else if (keyed.length > 0) {
    const keyIds = [...new Set(keyed.map(({ ctx }) => ctx.keyId))];
    rows = await lockKeysQuery(tx, sql`${sql.param(keyIds)}::uuid[]`);
  }
  const valid = new Map(rows.map((row) => [row.keyId, row]));
  const pulled = await lockPulledAutomations(tx, reports);
  reports.forEach(({ ctx }, i) => {
    if (refused.has(i)) return;
    if (ctx.keyId === PULLED) {
      if (!pulled.has(ctx.automationId)) refused.set(i, new AppError("CONFLICT", RETIRED_OR_GONE));
      return;
    }
    const row = valid.get(ctx.keyId);
    // Revoked, rotated or retired while the request was on its way.
    if (!row || row.id !== ctx.automationId) refused.set(i, new AppError("UNAUTHORIZED", INVALID_INGEST_KEY));
  });
  const automations = new Map<string, LockedAutomation>();
  for (const { keyId: _keyId, keyLastUsedAt: _lastUsed, ...auto } of rows) automations.set(auto.id, auto);
  for (const auto of pulled.values()) automations.set(auto.id, auto);
  return {
    refused,
    automations: [...automations.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    keysLastUsed: new Map(rows.map((row) => [row.keyId, row.keyLastUsedAt])),
  };
}
