import { and, eq, isNull, or, sql } from "drizzle-orm";
import { channelDelivery, notificationChannel, type EventSummary } from "../../db/schema/channels";
import type { ChannelEventType } from "../../../shared/channels-labels";
import type { ServiceContext } from "../../context/service-context";

/** What one audience sees of an event: its data and its chat summary. */
export interface EventView {
  data: Record<string, unknown>;
  summary: EventSummary;
}

export interface ChannelEvent {
  type: ChannelEventType;
  /** The company the event is about: its channels get `client`, the agency's channels get `agency`. */
  companyId: string;
  /** What the company's own channels may see (never internal notes, never another company's data). */
  client: EventView;
  /** What the agency's channels see; the client's view when the agency sees nothing more. */
  agency?: EventView;
}

/** The body of a webhook: the Standard Webhooks shape `{ type, timestamp, data }`. */
export const eventBody = (type: string, at: Date, data: Record<string, unknown>) => ({
  type,
  timestamp: at.toISOString(),
  data,
});

/** The enabled channels subscribed to an event of this type about this company: its own and the agency's. */
export function subscribedChannels(tx: ServiceContext, companyId: string, type: ChannelEventType) {
  return tx.db
    .select({ id: notificationChannel.id, companyId: notificationChannel.companyId })
    .from(notificationChannel)
    .where(
      and(
        eq(notificationChannel.enabled, true),
        or(eq(notificationChannel.companyId, companyId), isNull(notificationChannel.companyId)),
        sql`${notificationChannel.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
}

/**
 * Queues the event for every enabled channel subscribed to its type, the company's and the
 * agency's, in the caller's transaction (`tx`): the event is delivered only if the change that
 * caused it commits, and the delivery worker picks it up from the queue (ADR 0029).
 */
export async function emitChannelEvent(tx: ServiceContext, event: ChannelEvent): Promise<number> {
  const channels = await subscribedChannels(tx, event.companyId, event.type);
  if (channels.length === 0) return 0;
  await tx.db.insert(channelDelivery).values(
    channels.map((channel) => {
      const view = channel.companyId === null ? (event.agency ?? event.client) : event.client;
      return {
        channelId: channel.id,
        eventType: event.type,
        payload: eventBody(event.type, tx.now, view.data),
        summary: view.summary,
        nextAttemptAt: tx.now,
        createdAt: tx.now,
      };
    }),
  );
  return channels.length;
}
