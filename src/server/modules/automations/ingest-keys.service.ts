import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { automation, ingestKey } from "../../db/schema/automations";
import { notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { hashIngestKey } from "../ingest-keys";
import { automationLabel, lockCompanyAutomation, NO_AUTOMATION } from "./locked-automation";
import type { ActorContext, ServiceContext } from "../../context/service-context";

const NO_ACTIVE_KEY = "There is no such active key.";

/**
 * Issues a new ingest key and revokes every earlier one of the automation (rotation), with its
 * audit entry (the prefix only). The key is returned once; only its sha256 is stored. A retired
 * automation gets no key (409).
 */
export async function issueIngestKey(ctx: ActorContext, input: { companyId: string; automationId: string }) {
  const { companyId, automationId } = input;
  const { now, actor } = ctx;
  return ctx.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx.db, companyId, automationId);
    const earlier = await tx.db
      .update(ingestKey)
      .set({ revokedAt: now })
      .where(and(eq(ingestKey.automationId, automationId), isNull(ingestKey.revokedAt)))
      .returning({ prefix: ingestKey.prefix });
    const key = `cwk_${randomBytes(32).toString("base64url")}`;
    const [issued] = await tx.db
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
    await audit(tx, {
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
  ctx: ActorContext,
  input: { companyId: string; automationId: string; keyId: string },
) {
  const { companyId, automationId, keyId } = input;
  if (!isUuid(keyId)) throw notFound(NO_ACTIVE_KEY);
  return ctx.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx.db, companyId, automationId, { allowRetired: true });
    const [revoked] = await tx.db
      .update(ingestKey)
      .set({ revokedAt: tx.now })
      .where(and(eq(ingestKey.id, keyId), eq(ingestKey.automationId, automationId), isNull(ingestKey.revokedAt)))
      .returning({ id: ingestKey.id, prefix: ingestKey.prefix });
    if (!revoked) throw notFound(NO_ACTIVE_KEY);
    await audit(tx, {
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
export async function listIngestKeys(ctx: ServiceContext, input: { companyId: string; automationId: string }) {
  const { companyId, automationId } = input;
  if (!isUuid(companyId) || !isUuid(automationId)) throw notFound(NO_AUTOMATION);
  const [owned] = await ctx.db
    .select({ id: automation.id })
    .from(automation)
    .where(and(eq(automation.id, automationId), eq(automation.companyId, companyId)));
  if (!owned) throw notFound(NO_AUTOMATION);
  const keys = await ctx.db
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
