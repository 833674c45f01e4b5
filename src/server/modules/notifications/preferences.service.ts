import { eq } from "drizzle-orm";
import { notificationPreference } from "../../db/schema/notifications";
import { audit } from "../audit";
import type {
  TGetNotificationPreferencesResponse,
  TUpdateNotificationPreferencesRequest,
} from "../../../shared/notifications";
import type { ActorContext } from "../../context/service-context";
import type { Database } from "../../db/client";

export const DEFAULT_PREFERENCES: TGetNotificationPreferencesResponse = {
  alerts: "all",
  weeklyDigest: true,
  monthlyReport: true,
};

const columns = {
  alerts: notificationPreference.alerts,
  weeklyDigest: notificationPreference.weeklyDigest,
  monthlyReport: notificationPreference.monthlyReport,
};

/** A person's email preferences (the defaults until they choose). */
export async function readPreferences(db: Database, userId: string): Promise<TGetNotificationPreferencesResponse> {
  const [row] = await db.select(columns).from(notificationPreference).where(eq(notificationPreference.userId, userId));
  return row ?? DEFAULT_PREFERENCES;
}

/** The signed-in person's own email preferences. */
export const getPreferences = ({ db, actor }: ActorContext) => readPreferences(db, actor.id);

/**
 * Writes the actor's changed preferences and their audit entry, in the caller's transaction;
 * `change` names only what changes (an unsubscribe link turns off one preference and leaves the
 * other as it is).
 */
export async function writePreferences(
  tx: ActorContext,
  { change, via }: { change: Partial<TGetNotificationPreferencesResponse>; via: "portal" | "unsubscribe link" },
): Promise<TGetNotificationPreferencesResponse> {
  const userId = tx.actor.id;
  // The row lock serialises two changes of one person, so the audit's before is the truth.
  await tx.db.insert(notificationPreference).values({ userId }).onConflictDoNothing();
  const [before] = await tx.db
    .select(columns)
    .from(notificationPreference)
    .where(eq(notificationPreference.userId, userId))
    .for("update");
  const after = { ...before!, ...change };
  const same = (Object.keys(columns) as (keyof typeof columns)[]).every((key) => after[key] === before![key]);
  if (same) return after;
  await tx.db
    .update(notificationPreference)
    .set({ ...change, updatedAt: tx.now })
    .where(eq(notificationPreference.userId, userId));
  await audit(tx, {
    action: "notifications.changed",
    objectType: "user",
    objectId: userId,
    summary: `Changed email preferences (${via}): alerts ${after.alerts}, weekly digest ${after.weeklyDigest ? "on" : "off"}, monthly report ${after.monthlyReport ? "on" : "off"}`,
    before: { ...before },
    after,
  });
  return after;
}

/** The signed-in person chooses their email preferences; the audit entry is written with them. */
export const updatePreferences = (ctx: ActorContext, preferences: TUpdateNotificationPreferencesRequest) => {
  // A request without the monthly report leaves it as it is.
  const { monthlyReport, ...rest } = preferences;
  const change = monthlyReport === undefined ? rest : { ...rest, monthlyReport };
  return ctx.transaction((tx) => writePreferences(tx, { change, via: "portal" }));
};
