import { asc } from "drizzle-orm";
import { eq } from "drizzle-orm";
import { notificationChannel } from "../../db/schema/channels";
import { AppError } from "../../lib/app-error";
import { refusedUrl } from "../../lib/outbound-http";
import { sealSecret } from "../../lib/secret-box";
import { audit } from "../audit";
import { outboundPolicy } from "./channel-policy";
import { channelOwner, channelView, requireChannel, urlHint } from "./channel-row";
import { newSigningSecret } from "./signing";
import type {
  TChannelResponse,
  TChannelWithSecretResponse,
  TListChannelsResponse,
  TUpdateChannelRequest,
} from "../../../shared/channels";
import type { ChannelEventType, ChannelKind } from "../../../shared/channels-labels";
import type { ActorContext, ServiceContext } from "../../context/service-context";

/** The caller's channels (the company's, or the agency's for staff), oldest first. */
export async function listChannels(ctx: ServiceContext): Promise<TListChannelsResponse> {
  const rows = await ctx.db
    .select()
    .from(notificationChannel)
    .where(channelOwner(ctx).where)
    .orderBy(asc(notificationChannel.createdAt));
  return { channels: rows.map(channelView) };
}

/** The address checked against the policy (https in production), with the message the form shows under it. */
function checkedUrl(ctx: ServiceContext, url: string): string {
  const refused = refusedUrl(url, outboundPolicy(ctx.app.config));
  if (refused) throw new AppError("VALIDATION", refused, { fields: { url: refused } });
  return url;
}

type CreateInput = { kind: ChannelKind; name: string; url: string; events: ChannelEventType[] };

/** Adds a channel; a webhook gets its signing secret, answered this once and stored encrypted. */
export async function createChannel(ctx: ActorContext, input: CreateInput): Promise<TChannelWithSecretResponse> {
  const { config } = ctx.app;
  const owner = channelOwner(ctx);
  const url = checkedUrl(ctx, input.url);
  const secret = input.kind === "webhook" ? newSigningSecret() : null;
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db
      .insert(notificationChannel)
      .values({
        companyId: owner.companyId,
        kind: input.kind,
        name: input.name,
        urlEncrypted: sealSecret(config, url),
        urlHint: urlHint(url),
        secretEncrypted: secret ? sealSecret(config, secret) : null,
        events: input.events,
        createdBy: tx.actor.id,
        createdAt: tx.now,
      })
      .returning();
    await audit(tx, {
      action: "channel.created",
      companyId: owner.companyId,
      objectType: "channel",
      objectId: row!.id,
      summary: `Added the ${input.kind} channel “${input.name}” (${row!.urlHint})`,
      after: { name: input.name, events: input.events },
    });
    return { channel: channelView(row!), secret };
  });
}

/** Renames, re-points, re-subscribes, or turns a channel off or on (on again: its failure clock starts afresh). */
export async function updateChannel(
  ctx: ActorContext,
  { id, ...change }: Omit<TUpdateChannelRequest, "events"> & { id: string; events?: ChannelEventType[] },
): Promise<TChannelResponse> {
  const url = change.url === undefined ? undefined : checkedUrl(ctx, change.url);
  return ctx.transaction(async (tx) => {
    const before = await requireChannel(tx, id, { lock: true });
    const turnedOn = change.enabled === true && !before.enabled;
    const [row] = await tx.db
      .update(notificationChannel)
      .set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.events === undefined ? {} : { events: change.events }),
        ...(url === undefined ? {} : { urlEncrypted: sealSecret(tx.app.config, url), urlHint: urlHint(url) }),
        ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
        ...(turnedOn ? { failingSince: null, disabledAt: null, disabledReason: null } : {}),
        ...(change.enabled === false && before.enabled
          ? { disabledAt: tx.now, disabledReason: "Turned off by hand." }
          : {}),
      })
      .where(eq(notificationChannel.id, id))
      .returning();
    await audit(tx, {
      action: "channel.changed",
      companyId: before.companyId,
      objectType: "channel",
      objectId: id,
      summary: `Changed the channel “${row!.name}”`,
      before: { name: before.name, events: before.events, enabled: before.enabled, address: before.urlHint },
      after: { name: row!.name, events: row!.events, enabled: row!.enabled, address: row!.urlHint },
    });
    return { channel: channelView(row!) };
  });
}

/** Removes a channel with its delivery log. */
export async function deleteChannel(ctx: ActorContext, { id }: { id: string }): Promise<{ deleted: true }> {
  return ctx.transaction(async (tx) => {
    const before = await requireChannel(tx, id, { lock: true });
    await tx.db.delete(notificationChannel).where(eq(notificationChannel.id, id));
    await audit(tx, {
      action: "channel.deleted",
      companyId: before.companyId,
      objectType: "channel",
      objectId: id,
      summary: `Removed the channel “${before.name}” (${before.urlHint})`,
    });
    return { deleted: true as const };
  });
}

/** A webhook's new signing secret, answered this once; the old one stops signing at once. */
export async function rotateSecret(ctx: ActorContext, { id }: { id: string }): Promise<TChannelWithSecretResponse> {
  return ctx.transaction(async (tx) => {
    const channel = await requireChannel(tx, id, { lock: true });
    if (channel.kind !== "webhook") throw new AppError("CONFLICT", "Only signed webhooks have a secret.");
    const secret = newSigningSecret();
    await tx.db
      .update(notificationChannel)
      .set({ secretEncrypted: sealSecret(tx.app.config, secret) })
      .where(eq(notificationChannel.id, id));
    await audit(tx, {
      action: "channel.secret_rotated",
      companyId: channel.companyId,
      objectType: "channel",
      objectId: id,
      summary: `Made a new signing secret for the channel “${channel.name}”`,
    });
    return { channel: channelView(channel), secret };
  });
}
