import { and, eq, isNull, type SQL } from "drizzle-orm";
import { notificationChannel } from "../../db/schema/channels";
import { notFound } from "../../lib/app-error";
import type { TChannel } from "../../../shared/channels";
import type { ServiceContext } from "../../context/service-context";

export type ChannelRow = typeof notificationChannel.$inferSelect;

export const NO_SUCH_CHANNEL = "There is no such channel.";

/**
 * Whose channels the caller manages: staff (every company in scope) the agency's own, an owner
 * their company's. Every read and write of a channel is filtered by it, so another owner's
 * channel answers 404 like one that does not exist.
 */
export function channelOwner(ctx: ServiceContext): { companyId: string | null; where: SQL } {
  if (ctx.scope.all) return { companyId: null, where: isNull(notificationChannel.companyId) };
  if (!ctx.scope.companyId) throw notFound("Your account does not belong to a client company.");
  return { companyId: ctx.scope.companyId, where: eq(notificationChannel.companyId, ctx.scope.companyId) };
}

/** One of the caller's channels, locked for the rest of the transaction when asked; 404 otherwise. */
export async function requireChannel(ctx: ServiceContext, id: string, { lock = false } = {}): Promise<ChannelRow> {
  const query = ctx.db
    .select()
    .from(notificationChannel)
    .where(and(eq(notificationChannel.id, id), channelOwner(ctx).where));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(NO_SUCH_CHANNEL);
  return row;
}

/** A channel as the API shows it: the address only as its hint, the secret never. */
export function channelView(row: ChannelRow): TChannel {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    urlHint: row.urlHint,
    events: row.events,
    enabled: row.enabled,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the screens show of an address: its host and its last four characters (a Slack URL is itself a secret). */
export function urlHint(url: string): string {
  const parsed = new URL(url);
  const tail = url.length > 12 ? url.slice(-4) : "";
  return `${parsed.protocol}//${parsed.host}/…${tail}`;
}
