import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { AppError } from "../../lib/app-error";
import { getPreferences, writePreferences } from "./preferences.service";
import type { UnsubscribeTokens } from "./unsubscribe-token";
import type { TUnsubscribeResponse, UnsubscribeTopic } from "../../../shared/notifications";
import type { Database } from "../../db/client";

const INVALID =
  "This unsubscribe link is not valid. Sign in and choose your email preferences in your account instead.";

const isOff = (prefs: { alerts: string; weeklyDigest: boolean }, topic: UnsubscribeTopic) =>
  topic === "alerts" ? prefs.alerts === "none" : !prefs.weeklyDigest;

async function personOf(db: Pick<Database, "select">, tokens: UnsubscribeTokens, token: string) {
  const claim = tokens.verify(token);
  const [person] = claim
    ? await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, claim.userId))
    : [];
  // A forged token and the token of a deleted account are the same to the caller.
  if (!claim || !person) throw new AppError("NOT_FOUND", INVALID);
  return { ...person, topic: claim.topic };
}

/** What a link would turn off, for the page that asks before doing it (a GET changes nothing). */
export async function readUnsubscribe(
  db: Database,
  tokens: UnsubscribeTokens,
  token: string,
): Promise<TUnsubscribeResponse> {
  const person = await personOf(db, tokens, token);
  return {
    email: person.email,
    topic: person.topic,
    unsubscribed: isOff(await getPreferences(db, person.id), person.topic),
  };
}

/**
 * Turns off the one preference the link names, and nothing else: alerts become "none", or the
 * digest goes off. Repeating it changes nothing. Recorded in the audit log as the person's own act.
 */
export async function unsubscribe(
  db: Database,
  tokens: UnsubscribeTokens,
  token: string,
  ip: string | null,
): Promise<TUnsubscribeResponse> {
  const person = await personOf(db, tokens, token);
  const change = person.topic === "alerts" ? { alerts: "none" as const } : { weeklyDigest: false };
  await db.transaction((tx) =>
    writePreferences(tx, { id: person.id, email: person.email, ip }, person.id, change, "unsubscribe link"),
  );
  return { email: person.email, topic: person.topic, unsubscribed: true };
}
