/** Where a channel posts: a Slack incoming webhook, a Teams workflow webhook, or a signed generic webhook. */
export const CHANNEL_KINDS = ["slack", "teams", "webhook"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_KIND_LABELS: Record<ChannelKind, string> = {
  slack: "Slack",
  teams: "Microsoft Teams",
  webhook: "Signed webhook",
};

export const CHANNEL_KIND_HINTS: Record<ChannelKind, string> = {
  slack: "The address of a Slack incoming webhook (https://hooks.slack.com/services/…).",
  teams: "The address of a Teams workflow that posts an Adaptive Card when a webhook request is received.",
  webhook: "Any HTTPS address: JSON, signed by the Standard Webhooks scheme with a secret shown once.",
};

/** The events a channel can subscribe to. */
export const CHANNEL_EVENT_TYPES = [
  "automation.failing",
  "automation.stale",
  "automation.recovered",
  "ticket.created",
  "ticket.replied",
  "proposal.sent",
  "proposal.approved",
  "invoice.issued",
  "invoice.overdue",
] as const;
export type ChannelEventType = (typeof CHANNEL_EVENT_TYPES)[number];

export const CHANNEL_EVENT_LABELS: Record<ChannelEventType, string> = {
  "automation.failing": "An automation starts failing",
  "automation.stale": "An automation stops reporting runs",
  "automation.recovered": "An automation works again",
  "ticket.created": "A ticket is opened",
  "ticket.replied": "A ticket gets a reply",
  "proposal.sent": "A proposal is sent",
  "proposal.approved": "A proposal is approved",
  "invoice.issued": "An invoice is issued",
  "invoice.overdue": "An invoice is overdue",
};

/** A delivery: waiting (or being retried), delivered, or given up. */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: "Waiting",
  delivered: "Delivered",
  failed: "Failed",
};
