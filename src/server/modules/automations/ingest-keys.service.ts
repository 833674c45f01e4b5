import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { automation, ingestKey } from "../../db/schema/automations";
import { notFound } from "../../lib/app-error";
import { hashIngestKey } from "../ingest/authenticate-ingest-key.service";
import type { Database } from "../../db/client";

const NO_AUTOMATION = "There is no such automation.";

/**
 * Issues a new ingest key and revokes every earlier one of the automation (rotation).
 * The key is returned once; only its sha256 is stored.
 */
export async function issueIngestKey(db: Database, staffId: string, automationId: string, now = new Date()) {
  if (!isUuid(automationId)) throw notFound(NO_AUTOMATION);
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: automation.id })
      .from(automation)
      .where(eq(automation.id, automationId))
      .for("update");
    if (!target) throw notFound(NO_AUTOMATION);
    await tx
      .update(ingestKey)
      .set({ revokedAt: now })
      .where(and(eq(ingestKey.automationId, automationId), isNull(ingestKey.revokedAt)));
    const key = `cwk_${randomBytes(32).toString("base64url")}`;
    const [row] = await tx
      .insert(ingestKey)
      .values({
        automationId,
        keyHash: hashIngestKey(key),
        prefix: key.slice(0, 10),
        createdBy: staffId,
        createdAt: now,
      })
      .returning({ id: ingestKey.id, prefix: ingestKey.prefix, createdAt: ingestKey.createdAt });
    return {
      ...row!,
      key,
      notice: "Copy this key now: it is shown only once. Any earlier key of this automation no longer works.",
    };
  });
}

export async function revokeIngestKey(db: Database, automationId: string, keyId: string, now = new Date()) {
  if (!isUuid(automationId) || !isUuid(keyId)) throw notFound("There is no such key.");
  const rows = await db
    .update(ingestKey)
    .set({ revokedAt: now })
    .where(and(eq(ingestKey.id, keyId), eq(ingestKey.automationId, automationId), isNull(ingestKey.revokedAt)))
    .returning({ id: ingestKey.id });
  if (rows.length === 0) throw notFound("There is no such active key.");
  return { revoked: true as const };
}

export async function listIngestKeys(db: Database, automationId: string) {
  if (!isUuid(automationId)) throw notFound(NO_AUTOMATION);
  return db
    .select({
      id: ingestKey.id,
      prefix: ingestKey.prefix,
      createdAt: ingestKey.createdAt,
      lastUsedAt: ingestKey.lastUsedAt,
      revokedAt: ingestKey.revokedAt,
    })
    .from(ingestKey)
    .where(eq(ingestKey.automationId, automationId))
    .orderBy(desc(ingestKey.createdAt));
}
