import { z } from "zod";
import { CHANNEL_EVENT_TYPES, CHANNEL_KINDS, DELIVERY_STATUSES } from "./channels-labels";
import { LIMITS, atMost, cleanedText, textField } from "./fields";

const dateTime = () => z.iso.datetime();

const channelUrl = cleanedText(LIMITS.url).pipe(
  z
    .string()
    .min(1, "Enter the channel's address")
    .max(LIMITS.url, atMost(LIMITS.url))
    .pipe(z.url({ protocol: /^https?$/, message: "Enter a full http(s) address" })),
);

const events = z
  .array(z.enum(CHANNEL_EVENT_TYPES, { message: "Choose events from the list" }))
  .min(1, "Choose at least one event")
  .max(CHANNEL_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

export const ZChannelIdParams = z.object({ id: z.uuid() });
export const ZDeliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });

/** A channel as its owner sees it: never its address in full, never its secret. */
export const ZChannel = z.object({
  id: z.uuid(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  urlHint: z.string().meta({ description: "The address's host and last characters; the address is kept encrypted." }),
  events: z.array(z.enum(CHANNEL_EVENT_TYPES)),
  enabled: z.boolean(),
  failingSince: dateTime().nullable(),
  disabledAt: dateTime().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: dateTime(),
});
export type TChannel = z.infer<typeof ZChannel>;

export const ZListChannelsResponse = z.object({ channels: z.array(ZChannel) });
export type TListChannelsResponse = z.infer<typeof ZListChannelsResponse>;

export const ZCreateChannelRequest = z
  .object({
    kind: z.enum(CHANNEL_KINDS, { message: "Choose Slack, Microsoft Teams or a webhook" }),
    name: textField,
    url: channelUrl,
    events,
  })
  .meta({
    example: {
      kind: "slack",
      name: "#ops alerts",
      url: "https://hooks.slack.com/services/T000/B000/XXXX",
      events: ["automation.failing", "automation.recovered"],
    },
  });
export type TCreateChannelRequest = z.input<typeof ZCreateChannelRequest>;

/** The channel, and for a webhook its signing secret: shown this once. */
export const ZChannelWithSecretResponse = z.object({
  channel: ZChannel,
  secret: z
    .string()
    .nullable()
    .meta({ description: "The Standard Webhooks secret (whsec_…) of a webhook, shown only in this answer." }),
});
export type TChannelWithSecretResponse = z.infer<typeof ZChannelWithSecretResponse>;

export const ZUpdateChannelRequest = z
  .object({
    name: textField.optional(),
    url: channelUrl.optional(),
    events: events.optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ example: { events: ["automation.failing"], enabled: true } });
export type TUpdateChannelRequest = z.input<typeof ZUpdateChannelRequest>;

export const ZChannelResponse = z.object({ channel: ZChannel });
export type TChannelResponse = z.infer<typeof ZChannelResponse>;

export const ZDeleteChannelResponse = z.object({ deleted: z.literal(true) });

/** One attempt of a delivery, as the delivery log shows it. */
export const ZDeliveryAttempt = z.object({
  attemptedAt: dateTime(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string(),
  error: z.string().nullable(),
});

export const ZDelivery = z.object({
  id: z.uuid().meta({ description: "Sent as `webhook-id` on every attempt of this event to this channel." }),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: dateTime(),
  nextAttemptAt: dateTime().nullable(),
  deliveredAt: dateTime().nullable(),
  lastError: z.string().nullable(),
  attemptLog: z.array(ZDeliveryAttempt),
});
export type TDelivery = z.infer<typeof ZDelivery>;

export const ZListDeliveriesResponse = z.object({ deliveries: z.array(ZDelivery) });
export type TListDeliveriesResponse = z.infer<typeof ZListDeliveriesResponse>;

export const ZDeliveryResponse = z.object({ delivery: ZDelivery });
export type TDeliveryResponse = z.infer<typeof ZDeliveryResponse>;

const byId = { params: ZChannelIdParams };
const channelSet = {
  list: { response: ZListChannelsResponse },
  create: { body: ZCreateChannelRequest, response: ZChannelWithSecretResponse },
  update: { ...byId, body: ZUpdateChannelRequest, response: ZChannelResponse },
  remove: { ...byId, response: ZDeleteChannelResponse },
  test: { ...byId, response: ZDeliveryResponse },
  rotate: { ...byId, response: ZChannelWithSecretResponse },
  deliveries: { ...byId, response: ZListDeliveriesResponse },
  resend: { params: ZDeliveryParams, response: ZDeliveryResponse },
};

/** The alert channels API: a company's (its owner) and the agency's (staff), the same shapes. */
export const channelsSchemas = {
  listCompanyChannels: channelSet.list,
  createCompanyChannel: channelSet.create,
  updateCompanyChannel: channelSet.update,
  deleteCompanyChannel: channelSet.remove,
  testCompanyChannel: channelSet.test,
  rotateCompanyChannelSecret: channelSet.rotate,
  listCompanyChannelDeliveries: channelSet.deliveries,
  resendCompanyChannelDelivery: channelSet.resend,
  listAgencyChannels: channelSet.list,
  createAgencyChannel: channelSet.create,
  updateAgencyChannel: channelSet.update,
  deleteAgencyChannel: channelSet.remove,
  testAgencyChannel: channelSet.test,
  rotateAgencyChannelSecret: channelSet.rotate,
  listAgencyChannelDeliveries: channelSet.deliveries,
  resendAgencyChannelDelivery: channelSet.resend,
};
export type ChannelsSchemas = typeof channelsSchemas;
