import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { channelDelivery, channelDeliveryAttempt, notificationChannel } from "../../db/schema/channels";
import { postJson, TIMEOUT_MS, type OutboundPolicy, type PostOutcome } from "../../lib/outbound-http";
import { openSecret } from "../../lib/secret-box";
import { outboundPolicy } from "./channel-policy";
import { disableFailingChannel } from "./disable-channel";
import { messageBody } from "./messages";
import { GIVE_UP_AFTER_MS, isRetryable, isSuccess, nextAttemptAt } from "./retry-policy";
import { signedHeaders } from "./signing";
import type { ServiceContext } from "../../context/service-context";

/** Deliveries claimed in one pass: the head of each channel's queue, up to this many channels. */
const BATCH = 20;
/** A claimed batch is ours this long: every post of it ends within its timeout (they run at once). */
const LEASE_MS = TIMEOUT_MS + 30_000;
/** A test event jumps the queue, and holds no other event up. */
export const TEST_EVENT = "channel.test" as const;

type Delivery = typeof channelDelivery.$inferSelect;
type Channel = typeof notificationChannel.$inferSelect;

export interface DeliveryOptions {
  policy?: OutboundPolicy;
  /** The jitter's dice (tests fix it). */
  random?: () => number;
}

/**
 * One pass of the delivery worker: claims what is due, posts each delivery once, records the
 * attempt and what follows (delivered, a retry, or given up) and disables a channel that has
 * failed for 24 hours. Returns how many deliveries were attempted.
 */
export async function deliverDueEvents(ctx: ServiceContext, options: DeliveryOptions = {}): Promise<number> {
  const policy = options.policy ?? outboundPolicy(ctx.app.config);
  const claimed = await claimDue(ctx);
  if (claimed.length === 0) return 0;
  const channels = await ctx.db
    .select()
    .from(notificationChannel)
    .where(inArray(notificationChannel.id, [...new Set(claimed.map((delivery) => delivery.channelId))]));
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  // One delivery per channel at most (the head of its queue), so they all go at once.
  await Promise.all(
    claimed.map(async (delivery) => {
      const channel = byId.get(delivery.channelId);
      if (!channel) return;
      const outcome = await post(ctx, channel, delivery, policy);
      await record(ctx, channel, delivery, outcome, options.random);
    }),
  );
  return claimed.length;
}

/**
 * The due deliveries of enabled channels, each the oldest waiting event of its channel (a test
 * event aside), locked with SKIP LOCKED and leased: two instances never post one attempt twice,
 * and a channel's events go one after the other, in the order they were queued.
 */
async function claimDue(ctx: ServiceContext): Promise<Delivery[]> {
  const { now } = ctx;
  return ctx.transaction(async (tx) => {
    const earlier = sql`exists (select 1 from ${channelDelivery} as e where e.channel_id = ${channelDelivery.channelId}
      and e.status = 'pending' and e.event_type <> ${TEST_EVENT} and e.seq < ${channelDelivery.seq})`;
    const due = await tx.db
      .select({ id: channelDelivery.id })
      .from(channelDelivery)
      .innerJoin(notificationChannel, eq(notificationChannel.id, channelDelivery.channelId))
      .where(
        and(
          eq(channelDelivery.status, "pending"),
          lte(channelDelivery.nextAttemptAt, now),
          or(isNull(channelDelivery.lockedUntil), lt(channelDelivery.lockedUntil, now)),
          eq(notificationChannel.enabled, true),
          or(eq(channelDelivery.eventType, TEST_EVENT), sql`not ${earlier}`),
        ),
      )
      .orderBy(asc(channelDelivery.seq))
      .limit(BATCH)
      .for("update", { of: channelDelivery, skipLocked: true });
    if (due.length === 0) return [];
    return tx.db
      .update(channelDelivery)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          channelDelivery.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Posts one delivery as its channel wants it: a chat message, or the event signed (webhooks). */
async function post(ctx: ServiceContext, channel: Channel, delivery: Delivery, policy: OutboundPolicy) {
  const { config } = ctx.app;
  const body = messageBody(channel.kind, delivery.payload, delivery.summary);
  try {
    const url = openSecret(config, channel.urlEncrypted);
    const headers =
      channel.kind === "webhook" && channel.secretEncrypted
        ? // The wall clock, not the pass's "now": receivers check the timestamp against theirs (5 minutes' tolerance).
          signedHeaders(openSecret(config, channel.secretEncrypted), delivery.id, new Date(), body)
        : {};
    return await postJson(url, body, headers, policy);
  } catch (error) {
    // The address or secret could not be opened: CHANNEL_SECRET_KEY changed since they were saved.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      statusCode: null,
      durationMs: 0,
      body: "",
      retryAfter: null,
      error: `Could not read the channel's settings: ${reason}`,
    };
  }
}

const EXCERPT_CHARS = 1000;

/** Writes the attempt and what follows from it, in one transaction. */
async function record(
  ctx: ServiceContext,
  channel: Channel,
  delivery: Delivery,
  outcome: PostOutcome,
  random?: () => number,
): Promise<void> {
  const { now } = ctx;
  const attempts = delivery.attempts + 1;
  await ctx.transaction(async (tx) => {
    await tx.db.insert(channelDeliveryAttempt).values({
      deliveryId: delivery.id,
      attemptedAt: now,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.body.slice(0, EXCERPT_CHARS),
      error: outcome.error,
    });
    if (isSuccess(outcome.statusCode)) {
      await tx.db
        .update(channelDelivery)
        .set({ status: "delivered", attempts, deliveredAt: now, lockedUntil: null, lastError: null })
        .where(eq(channelDelivery.id, delivery.id));
      await tx.db.update(notificationChannel).set({ failingSince: null }).where(eq(notificationChannel.id, channel.id));
      return;
    }
    const retryAt = isRetryable(outcome.statusCode)
      ? nextAttemptAt({ now, queuedAt: delivery.createdAt, attempts, retryAfter: outcome.retryAfter, random })
      : null;
    await tx.db
      .update(channelDelivery)
      .set({
        status: retryAt ? "pending" : "failed",
        attempts,
        lockedUntil: null,
        nextAttemptAt: retryAt ?? now,
        lastError: failureText(outcome, retryAt),
      })
      .where(eq(channelDelivery.id, delivery.id));
    await markFailing(tx, channel.id);
  });
}

function failureText(outcome: PostOutcome, retryAt: Date | null): string {
  const what = outcome.error ?? `The receiver answered ${outcome.statusCode}`;
  if (retryAt) return what;
  return isRetryable(outcome.statusCode) ? `${what}; given up after 24 hours of retries` : `${what}; not retried`;
}

/** The channel fails from now on (unless it already did); 24 hours of it disable the channel. */
async function markFailing(tx: ServiceContext, channelId: string) {
  const [row] = await tx.db
    .update(notificationChannel)
    .set({ failingSince: sql`coalesce(${notificationChannel.failingSince}, ${tx.now.toISOString()}::timestamptz)` })
    .where(eq(notificationChannel.id, channelId))
    .returning({ failingSince: notificationChannel.failingSince, enabled: notificationChannel.enabled });
  if (row?.enabled && row.failingSince && tx.now.getTime() - row.failingSince.getTime() >= GIVE_UP_AFTER_MS)
    await disableFailingChannel(tx, channelId);
}
