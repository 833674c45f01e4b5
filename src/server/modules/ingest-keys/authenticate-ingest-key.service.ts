import { and, eq, isNull } from "drizzle-orm";
import { automation, ingestKey } from "../../db/schema/automations";
import { sha256Hex } from "../../lib/sha256";
import type { Database } from "../../db/client";

export const hashIngestKey = sha256Hex;

/** The answer to an unknown, rotated or revoked key (and a retired automation's). */
export const INVALID_INGEST_KEY =
  "This ingest key is not valid. It may have been rotated or revoked; ask the agency for the current key.";

/** Which key a report came with, and the automation and company it reports for. */
export interface IngestContext {
  keyId: string;
  automationId: string;
  companyId: string;
}

/** The automation a key reports for, or null for an unknown or revoked key. */
export function authenticateIngestKey(db: Database, key: string): Promise<IngestContext | null> {
  return key && key.length <= 200 ? findKey(db, hashIngestKey(key)) : Promise.resolve(null);
}

async function findKey(db: Database, keyHash: string): Promise<IngestContext | null> {
  const [row] = await db
    .select({ keyId: ingestKey.id, automationId: automation.id, companyId: automation.companyId })
    .from(ingestKey)
    .innerJoin(automation, eq(automation.id, ingestKey.automationId))
    .where(and(eq(ingestKey.keyHash, keyHash), isNull(ingestKey.revokedAt)));
  return row ?? null;
}

/** How long a key found valid is remembered (its revocation is checked again in every ingest). */
const KEY_MEMORY_MS = 60_000;
const MAX_KEYS_REMEMBERED = 10_000;

/**
 * `authenticateIngestKey` that remembers the keys it found valid for a minute, so a platform
 * reporting runs costs no lookup per request. What a key reports for never changes, and whether
 * it still may is decided again inside each ingest transaction (see ingest-admission.ts), so a
 * revoked or rotated key is refused at once on every instance. Unknown keys are not remembered.
 */
export function createIngestKeyAuthenticator(db: Database, clock: () => number = Date.now) {
  const known = new Map<string, { ctx: IngestContext; until: number }>();
  return async function authenticate(key: string): Promise<IngestContext | null> {
    if (!key || key.length > 200) return null;
    const hash = hashIngestKey(key);
    const remembered = known.get(hash);
    known.delete(hash);
    if (remembered && remembered.until > clock()) {
      known.set(hash, remembered); // now the most recently used
      return remembered.ctx;
    }
    const ctx = await findKey(db, hash);
    if (!ctx) return null;
    // Past the limit, the least recently used key is forgotten (a Map keeps insertion order).
    if (known.size >= MAX_KEYS_REMEMBERED) known.delete(known.keys().next().value!);
    known.set(hash, { ctx, until: clock() + KEY_MEMORY_MS });
    return ctx;
  };
}
