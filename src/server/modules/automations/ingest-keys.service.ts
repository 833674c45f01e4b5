import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { automation, ingestKey } from "../../db/schema/automations";
import { notFound } from "../../lib/app-error";
import { recordAudit, type AuditActor } from "../audit";
import { hashIngestKey } from "../ingest/authenticate-ingest-key.service";
import { automationLabel, lockCompanyAutomation, NO_AUTOMATION } from "./locked-automation";
import type { Database } from "../../db/client";

const NO_ACTIVE_KEY = "There is no such active key.";

/**
 * Issues a new ingest key and revokes every earlier one of the automation (rotation), with its
 * audit entry (the prefix only). The key is returned once; only its sha256 is stored. A retired
 * automation gets no key (409).
 */
export async function issueIngestKey(
  db: Database,
  actor: AuditActor,
  companyId: string,
  automationId: string,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx, companyId, automationId);
    const earlier = await tx
      .update(ingestKey)
      .set({ revokedAt: now })
      .where(and(eq(ingestKey.automationId, automationId), isNull(ingestKey.revokedAt)))
      .returning({ prefix: ingestKey.prefix });
    const key = `cwk_${randomBytes(32).toString("base64url")}`;
    const [issued] = await tx
      .insert(ingestKey)
      .values({
        automationId,
        keyHash: hashIngestKey(key),
        prefix: key.slice(0, 10),
        createdBy: actor.id,
        createdAt: now,
      })
      .returning({ id: ingestKey.id, prefix: ingestKey.prefix, createdAt: ingestKey.createdAt });
    const rotated = earlier.length > 0;
    const label = automationLabel(row, companyName);
    await recordAudit(tx, actor, {
      action: rotated ? "ingest_key.rotated" : "ingest_key.issued",
      companyId,
      objectType: "ingest_key",
      objectId: issued!.id,
      summary: rotated
        ? `Rotated the ingest key of ${label}: ${earlier.map((k) => k.prefix).join(", ")}… no longer works, ${issued!.prefix}… does`
        : `Issued the ingest key ${issued!.prefix}… for ${label}`,
      before: rotated ? { activeKeys: earlier.map((k) => k.prefix) } : null,
      after: { activeKey: issued!.prefix },
    });
    return {
      ...issued!,
      createdAt: issued!.createdAt.toISOString(),
      key,
      notice: "Copy this key now: it is shown only once. Any earlier key of this automation no longer works.",
    };
  });
}

/** Revokes one working key of the automation: runs sent with it are refused from now on. */
export async function revokeIngestKey(
  db: Database,
  actor: AuditActor,
  companyId: string,
  automationId: string,
  keyId: string,
  now = new Date(),
) {
  if (!isUuid(keyId)) throw notFound(NO_ACTIVE_KEY);
  return db.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx, companyId, automationId, { allowRetired: true });
    const [revoked] = await tx
      .update(ingestKey)
      .set({ revokedAt: now })
      .where(and(eq(ingestKey.id, keyId), eq(ingestKey.automationId, automationId), isNull(ingestKey.revokedAt)))
      .returning({ id: ingestKey.id, prefix: ingestKey.prefix });
    if (!revoked) throw notFound(NO_ACTIVE_KEY);
    await recordAudit(tx, actor, {
      action: "ingest_key.revoked",
      companyId,
      objectType: "ingest_key",
      objectId: revoked.id,
      summary: `Revoked the ingest key ${revoked.prefix}… of ${automationLabel(row, companyName)}`,
      before: { activeKey: revoked.prefix },
      after: { activeKey: null },
    });
    return { revoked: true as const };
  });
}

/** Every key the automation has had, newest first (never the keys themselves). */
export async function listIngestKeys(db: Database, companyId: string, automationId: string) {
  if (!isUuid(companyId) || !isUuid(automationId)) throw notFound(NO_AUTOMATION);
  const [owned] = await db
    .select({ id: automation.id })
    .from(automation)
    .where(and(eq(automation.id, automationId), eq(automation.companyId, companyId)));
  if (!owned) throw notFound(NO_AUTOMATION);
  const keys = await db
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
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return keys.map((key) => ({
    ...key,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: iso(key.lastUsedAt),
    revokedAt: iso(key.revokedAt),
  }));
}
