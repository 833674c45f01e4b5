import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { AppError } from "../../lib/app-error";
import { readPreferences, writePreferences } from "./preferences.service";
import type {
  TGetNotificationPreferencesResponse,
  TUnsubscribeResponse,
  UnsubscribeTopic,
} from "../../../shared/notifications";
import type { ServiceContext } from "../../context/service-context";

const INVALID =
  "This unsubscribe link is not valid. Sign in and choose your email preferences in your account instead.";

const isOff = (prefs: TGetNotificationPreferencesResponse, topic: UnsubscribeTopic) =>
  topic === "alerts" ? prefs.alerts === "none" : topic === "digest" ? !prefs.weeklyDigest : !prefs.monthlyReport;

/** What following a link of the topic changes. */
const CHANGE_OF: Record<UnsubscribeTopic, Partial<TGetNotificationPreferencesResponse>> = {
  alerts: { alerts: "none" },
  digest: { weeklyDigest: false },
  report: { monthlyReport: false },
};

async function personOf({ db, app }: ServiceContext, token: string) {
  const claim = app.links.claim(token);
  const [person] = claim
    ? await db
        .select({ id: user.id, email: user.email, name: user.name, role: user.role })
        .from(user)
        .where(eq(user.id, claim.userId))
    : [];
  // A forged token and the token of a deleted account are the same to the caller.
  if (!claim || !person) throw new AppError("NOT_FOUND", INVALID);
  return { ...person, topic: claim.topic };
}

/** What a link would turn off, for the page that asks before doing it (a GET changes nothing). */
export async function readUnsubscribe(
  ctx: ServiceContext,
  { token }: { token: string },
): Promise<TUnsubscribeResponse> {
  const person = await personOf(ctx, token);
  return {
    email: person.email,
    topic: person.topic,
    unsubscribed: isOff(await readPreferences(ctx.db, person.id), person.topic),
  };
}

/**
 * Turns off the one preference the link names, and nothing else: alerts become "none", or the
 * digest goes off. Repeating it changes nothing. Recorded in the audit log as the person's own
 * act, from the address the link was followed from.
 */
export async function unsubscribe(
  ctx: ServiceContext,
  { token, ip }: { token: string; ip: string | null },
): Promise<TUnsubscribeResponse> {
  const { topic, ...person } = await personOf(ctx, token);
  const change = CHANGE_OF[topic];
  await ctx
    .with({ actor: { ...person, ip } })
    .transaction((tx) => writePreferences(tx, { change, via: "unsubscribe link" }));
  return { email: person.email, topic, unsubscribed: true };
}
