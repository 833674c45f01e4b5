import { and, eq, isNull } from "drizzle-orm";
import { automation, ingestKey } from "../../db/schema/automations";
import { sha256Hex } from "../../lib/sha256";
import type { Database } from "../../db/client";

export const hashIngestKey = sha256Hex;

/** The answer to an unknown, rotated or revoked key (and a retired automation's). */
export const INVALID_INGEST_KEY =
  "This ingest key is not valid. It may have been rotated or revoked; ask the agency for the current key.";

export interface IngestContext {
  keyId: string;
  automationId: string;
  companyId: string;
  /** When the key was last used, to refresh it at most once a minute. */
  lastUsedAt?: Date | null;
}

/** The automation a key reports for, or null for an unknown or revoked key. */
export async function authenticateIngestKey(db: Database, key: string): Promise<IngestContext | null> {
  if (!key || key.length > 200) return null;
  const [row] = await db
    .select({
      keyId: ingestKey.id,
      automationId: automation.id,
      companyId: automation.companyId,
      lastUsedAt: ingestKey.lastUsedAt,
    })
    .from(ingestKey)
    .innerJoin(automation, eq(automation.id, ingestKey.automationId))
    .where(and(eq(ingestKey.keyHash, hashIngestKey(key)), isNull(ingestKey.revokedAt)));
  return row ?? null;
}
