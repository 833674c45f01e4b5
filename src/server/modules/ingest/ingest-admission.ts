import { and, asc, eq, getTableColumns, inArray, isNull, ne } from "drizzle-orm";
import { automation, ingestKey } from "../../db/schema/automations";
import { AppError } from "../../lib/app-error";
import { addToRates, decideShare, tooManyMessage, type RateRule } from "../../security/rate-limit";
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

const rateKey = (keyId: string) => `ingest:${keyId}`;

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

/**
 * The first step of an ingest transaction for a group of reports: each key's rate allowance is
 * taken (one statement for all keys; past it a report gets 429, the earliest ones go first),
 * then the automations of the remaining reports are locked in id order, which is also where a
 * key revoked or an automation retired since the key was checked is found (401). Locks are
 * always taken in the same order (rate counters by key, then automations by id), so groups on
 * several instances wait for each other and never deadlock.
 */
export async function admitReports(
  tx: Database,
  reports: { ctx: IngestContext }[],
  rate: RateRule | undefined,
  now: Date,
): Promise<Admission> {
  const refused = new Map<number, AppError>();
  if (rate) {
    const uses = new Map<string, number>();
    for (const { ctx } of reports) uses.set(rateKey(ctx.keyId), (uses.get(rateKey(ctx.keyId)) ?? 0) + 1);
    const counters = await addToRates(tx, uses, rate, now.getTime());
    const left = new Map<string, { allowed: number; retryAfterSeconds: number }>();
    for (const [key, counter] of counters) left.set(key, decideShare(counter, uses.get(key)!, rate, now.getTime()));
    reports.forEach(({ ctx }, i) => {
      const share = left.get(rateKey(ctx.keyId))!;
      if (share.allowed > 0) share.allowed -= 1;
      else {
        const { retryAfterSeconds } = share;
        refused.set(i, new AppError("RATE_LIMITED", tooManyMessage(retryAfterSeconds), { retryAfterSeconds }));
      }
    });
  }

  const keyIds = [
    ...new Set(reports.filter(({ ctx }, i) => !refused.has(i) && ctx.keyId !== PULLED).map(({ ctx }) => ctx.keyId)),
  ];
  const rows =
    keyIds.length === 0
      ? []
      : await tx
          .select({ ...getTableColumns(automation), keyId: ingestKey.id, keyLastUsedAt: ingestKey.lastUsedAt })
          .from(ingestKey)
          .innerJoin(automation, eq(automation.id, ingestKey.automationId))
          .where(and(inArray(ingestKey.id, keyIds), isNull(ingestKey.revokedAt), ne(automation.status, "retired")))
          .orderBy(asc(automation.id))
          // The keys too: a revocation committed while this waited is seen when the lock is granted.
          .for("update", { of: [automation, ingestKey] });
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
