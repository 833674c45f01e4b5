import { ZErrorResponse } from "../../../shared/api-error";
import { ZStripeWebhookResponse } from "../../../shared/billing-schemas";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { billingSettings } from "./billing-settings";
import { billingProvider } from "./stripe/provider";
import { receiveStripeEvent } from "./stripe/stripe-webhook.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";

const error = (description: string) => json(ZErrorResponse, description);

const webhookEndpoint = endpoint({
  access: "public",
  tag: "Billing",
  method: "post",
  path: "/webhook",
  operationId: "receiveStripeEvent",
  summary: "Stripe's events (register this address in Stripe's dashboard as the webhook endpoint)",
  description:
    "Authenticated by the `Stripe-Signature` header over the raw body with STRIPE_WEBHOOK_SECRET, not by a session. " +
    "Applies checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid and " +
    "invoice.payment_failed; other types are stored and ignored. Each event applies once, whatever the order.",
  responses: {
    200: json(ZStripeWebhookResponse, "The event was applied, stored and ignored, or seen before."),
    400: error("The signature is missing or does not match the body."),
    404: error("Stripe is not configured on this server."),
    413: error("The body is larger than 1 MB."),
  },
});

/** Stripe's webhook (mounted under /api/billing/stripe). */
export function stripeWebhookRoutes({ db, config, log }: { db: Database; config: Config; log: Logger }) {
  const settings = billingSettings(config);
  const provider = billingProvider(settings);
  return createRouter().openapi(webhookEndpoint, async (c) => {
    const rawBody = Buffer.from(await c.req.arrayBuffer());
    const signature = c.req.header("stripe-signature");
    return c.json(await receiveStripeEvent(db, provider, settings, { rawBody, signature }, log), 200);
  });
}
