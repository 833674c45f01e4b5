import { eq } from "drizzle-orm";
import { notificationPreference } from "../../db/schema/notifications";
import { recordAudit, type AuditActor } from "../audit/record-audit";
import type { TGetNotificationPreferencesResponse } from "../../../shared/notifications";
import type { Database } from "../../db/client";

export const DEFAULT_PREFERENCES: TGetNotificationPreferencesResponse = { alerts: "all", weeklyDigest: true };

/** A person's email preferences (the defaults until they choose). */
export async function getPreferences(
  db: Pick<Database, "select">,
  userId: string,
): Promise<TGetNotificationPreferencesResponse> {
  const [row] = await db
    .select({ alerts: notificationPreference.alerts, weeklyDigest: notificationPreference.weeklyDigest })
    .from(notificationPreference)
    .where(eq(notificationPreference.userId, userId));
  return row ?? DEFAULT_PREFERENCES;
}

/**
 * Writes the changed preferences and their audit entry in one transaction; `change` names only
 * what changes (an unsubscribe link turns off one preference and leaves the other as it is).
 */
export async function writePreferences(
  tx: Database,
  actor: AuditActor,
  userId: string,
  change: Partial<TGetNotificationPreferencesResponse>,
  via: "portal" | "unsubscribe link",
): Promise<TGetNotificationPreferencesResponse> {
  // The row lock serialises two changes of one person, so the audit's before is the truth.
  await tx.insert(notificationPreference).values({ userId }).onConflictDoNothing();
  const [before] = await tx
    .select({ alerts: notificationPreference.alerts, weeklyDigest: notificationPreference.weeklyDigest })
    .from(notificationPreference)
    .where(eq(notificationPreference.userId, userId))
    .for("update");
  const after = { ...before!, ...change };
  if (after.alerts === before!.alerts && after.weeklyDigest === before!.weeklyDigest) return after;
  await tx
    .update(notificationPreference)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(notificationPreference.userId, userId));
  await recordAudit(tx, actor, {
    action: "notifications.changed",
    objectType: "user",
    objectId: userId,
    summary: `Changed email preferences (${via}): alerts ${after.alerts}, weekly digest ${after.weeklyDigest ? "on" : "off"}`,
    before: { ...before },
    after,
  });
  return after;
}

export const updatePreferences = (db: Database, actor: AuditActor, preferences: TGetNotificationPreferencesResponse) =>
  db.transaction((tx) => writePreferences(tx, actor, actor.id, preferences, "portal"));
