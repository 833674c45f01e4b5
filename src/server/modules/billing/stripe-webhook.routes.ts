import { billingSchemas } from "../../../shared/billing-schemas";
import { billingOps } from "../../../shared/operations/billing";
import { errorResponse, handle, operationEndpoint } from "../../http/endpoint";
import { billingSettings } from "./billing-settings";
import { billingProvider } from "./stripe/provider";
import { receiveStripeEvent } from "./stripe/stripe-webhook.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";

const webhookEndpoint = operationEndpoint({
  access: "public",
  tag: "Billing",
  operation: billingOps.receiveStripeEvent,
  schemas: billingSchemas.receiveStripeEvent,
  csrfExempt: "Stripe signs its events over the raw body with the webhook secret.",
  rateLimit: "signed",
  maxBodyBytes: 1024 * 1024,
  summary: "Stripe's events (register this address in Stripe's dashboard as the webhook endpoint)",
  description:
    "Authenticated by the `Stripe-Signature` header over the raw body with STRIPE_WEBHOOK_SECRET, not by a session. " +
    "Applies checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid and " +
    "invoice.payment_failed; other types are stored and ignored. Each event applies once, whatever the order.",
  ok: "The event was applied, stored and ignored, or seen before.",
  responses: {
    400: errorResponse("The signature is missing or does not match the body."),
    404: errorResponse("Stripe is not configured on this server."),
    413: errorResponse("The body is larger than 1 MB."),
  },
});

/** Stripe's webhook. */
export function stripeWebhookEndpoints({ db, config, log }: { db: Database; config: Config; log: Logger }) {
  const settings = billingSettings(config);
  const provider = billingProvider(settings);
  return [
    handle(webhookEndpoint, async (c) => {
      const rawBody = Buffer.from(await c.req.arrayBuffer());
      const signature = c.req.header("stripe-signature");
      return c.json(await receiveStripeEvent(db, provider, settings, { rawBody, signature }, log), 200);
    }),
  ];
}
