import { and, desc, eq, inArray } from "drizzle-orm";
import { channelDelivery, channelDeliveryAttempt } from "../../db/schema/channels";
import { AppError, notFound } from "../../lib/app-error";
import { requireChannel } from "./channel-row";
import { TEST_EVENT } from "./deliver.service";
import { eventBody } from "./emit-event";
import type { TDelivery, TDeliveryResponse, TListDeliveriesResponse } from "../../../shared/channels";
import type { ServiceContext } from "../../context/service-context";

/** The delivery log shows this many of a channel's latest deliveries. */
const LOG_LENGTH = 50;

type DeliveryRow = typeof channelDelivery.$inferSelect;
type AttemptRow = typeof channelDeliveryAttempt.$inferSelect;

function deliveryView(row: DeliveryRow, attempts: AttemptRow[]): TDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    lastError: row.lastError,
    attemptLog: attempts.map((attempt) => ({
      attemptedAt: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  };
}

async function withAttempts(ctx: ServiceContext, rows: DeliveryRow[]): Promise<TDelivery[]> {
  if (rows.length === 0) return [];
  const attempts = await ctx.db
    .select()
    .from(channelDeliveryAttempt)
    .where(
      inArray(
        channelDeliveryAttempt.deliveryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(channelDeliveryAttempt.attemptedAt));
  return rows.map((row) =>
    deliveryView(
      row,
      attempts.filter((attempt) => attempt.deliveryId === row.id),
    ),
  );
}

/** A channel's latest deliveries, newest first, each with its attempts (newest first). */
export async function listDeliveries(ctx: ServiceContext, { id }: { id: string }): Promise<TListDeliveriesResponse> {
  await requireChannel(ctx, id);
  const rows = await ctx.db
    .select()
    .from(channelDelivery)
    .where(eq(channelDelivery.channelId, id))
    .orderBy(desc(channelDelivery.seq))
    .limit(LOG_LENGTH);
  return { deliveries: await withAttempts(ctx, rows) };
}

/** Queues a sample event for this channel alone; the worker posts it within seconds. */
export async function sendTest(ctx: ServiceContext, { id }: { id: string }): Promise<TDeliveryResponse> {
  return ctx.transaction(async (tx) => {
    const channel = await requireChannel(tx, id);
    if (!channel.enabled) throw new AppError("CONFLICT", "The channel is turned off: turn it on to send a test.");
    const data = { channel: { id: channel.id, name: channel.name }, message: "This is a test from Cogwork." };
    const [row] = await tx.db
      .insert(channelDelivery)
      .values({
        channelId: id,
        eventType: TEST_EVENT,
        payload: eventBody(TEST_EVENT, tx.now, data),
        summary: {
          title: "Test from Cogwork",
          text: `Alerts for “${channel.name}” will arrive here.`,
          url: `${tx.app.links.appUrl}${channel.companyId ? "/account" : "/admin/notifications"}`,
        },
        nextAttemptAt: tx.now,
        createdAt: tx.now,
      })
      .returning();
    return { delivery: deliveryView(row!, []) };
  });
}

/**
 * Queues a delivered or failed event again, with the same `webhook-id` (a receiver that has it
 * already can tell), and a fresh 24 hours of retries.
 */
export async function resendDelivery(
  ctx: ServiceContext,
  { id, deliveryId }: { id: string; deliveryId: string },
): Promise<TDeliveryResponse> {
  return ctx.transaction(async (tx) => {
    await requireChannel(tx, id);
    const [before] = await tx.db
      .select()
      .from(channelDelivery)
      .where(and(eq(channelDelivery.id, deliveryId), eq(channelDelivery.channelId, id)))
      .for("update");
    if (!before) throw notFound("There is no such delivery.");
    if (before.status === "pending") throw new AppError("CONFLICT", "This delivery is already waiting to go.");
    const [row] = await tx.db
      .update(channelDelivery)
      .set({ status: "pending", nextAttemptAt: tx.now, createdAt: tx.now, lockedUntil: null, lastError: null })
      .where(eq(channelDelivery.id, deliveryId))
      .returning();
    return { delivery: (await withAttempts(tx, [row!]))[0]! };
  });
}
