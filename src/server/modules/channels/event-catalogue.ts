import { CHANNEL_EVENT_LABELS, CHANNEL_EVENT_TYPES, type ChannelEventType } from "../../../shared/channels-labels";
import { TEST_EVENT } from "./deliver.service";

const company = { id: "2f0c6a51-8a4e-4d8e-9d43-6c1f3b7a9e10", name: "Acme Ltd" };
const automation = {
  id: "7b9d1c2e-5f3a-4b6c-8d7e-9f0a1b2c3d4e",
  name: "Invoice sync",
  url: "https://portal.example.com/my-automations/7b9d1c2e-5f3a-4b6c-8d7e-9f0a1b2c3d4e",
};
const ticket = {
  id: "4c5d6e7f-8091-4a2b-9c3d-4e5f60718293",
  subject: "Export is slow",
  status: "waiting_on_client",
  url: "https://portal.example.com/support/4c5d6e7f-8091-4a2b-9c3d-4e5f60718293",
};
const planItem = {
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  title: "Sync paid orders to accounting",
  url: "https://portal.example.com/automation-plan/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
};
const invoice = {
  id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  number: "2026-0042",
  totalMinor: 49900,
  currency: "EUR",
  dueAt: "2026-12-10T09:00:00.000Z",
  url: "https://portal.example.com/billing/invoices/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
};

/** The `data` of each event type, as a webhook receives it (the same shape events.ts writes). */
export const EVENT_EXAMPLES: Record<ChannelEventType | typeof TEST_EVENT, Record<string, unknown>> = {
  "automation.failing": { company, automation, consecutiveFailures: 3, lastError: "Shop API answered 503" },
  "automation.stale": { company, automation },
  "automation.recovered": { company, automation, recoveredFrom: "failing" },
  "ticket.created": { company, ticket: { ...ticket, status: "open" }, from: "client" },
  "ticket.replied": { company, ticket, from: "agency" },
  "proposal.sent": { company, planItem, version: 1 },
  "proposal.approved": { company, planItem, version: 1 },
  "invoice.issued": { company, invoice },
  "invoice.overdue": { company, invoice, daysOverdue: 3 },
  [TEST_EVENT]: {
    channel: { id: "0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a", name: "#ops-alerts" },
    message: "This is a test from Cogwork.",
  },
};

const SIGNATURE_HEADERS = {
  "webhook-id": "The delivery's id: the same on every retry of this event to this channel.",
  "webhook-timestamp": "The attempt's time, in seconds since 1970.",
  "webhook-signature":
    "`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed by the secret's bytes (after `whsec_`).",
};

/**
 * The event catalogue as OpenAPI 3.1 `webhooks`: what a signed webhook channel receives for each
 * event type, with an example body. Slack and Teams channels get a chat message made from the
 * same event instead.
 */
export function eventCatalogue(): Record<string, unknown> {
  const types: (ChannelEventType | typeof TEST_EVENT)[] = [...CHANNEL_EVENT_TYPES, TEST_EVENT];
  const entries = types.map((type) => {
    const label = type === TEST_EVENT ? "A test sent from the channel's screen" : CHANNEL_EVENT_LABELS[type];
    const example = { type, timestamp: "2026-11-26T09:00:00.000Z", data: EVENT_EXAMPLES[type] };
    return [
      type,
      {
        post: {
          summary: label,
          description:
            "Posted to each enabled webhook channel subscribed to this type, from a durable queue: at least once, " +
            "in order per channel, retried with backoff for 24 hours on 5xx, 429 (Retry-After honoured) and timeouts. " +
            "Answer 2xx within 5 s; redirects are not followed.",
          tags: ["Alert channels"],
          parameters: Object.entries(SIGNATURE_HEADERS).map(([name, description]) => ({
            name,
            in: "header",
            required: true,
            description,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["type", "timestamp", "data"],
                  properties: {
                    type: { type: "string", const: type },
                    timestamp: { type: "string", format: "date-time" },
                    data: { type: "object" },
                  },
                },
                example,
              },
            },
          },
          responses: {
            "200": { description: "Received. Any 2xx counts; other 4xx are not retried." },
          },
        },
      },
    ] as const;
  });
  return Object.fromEntries(entries);
}
