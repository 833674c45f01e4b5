import { billingSchemas } from "../../../shared/billing";
import { billingOps } from "../../../shared/operations/billing";
import { errorResponse, handle, operationEndpoint } from "../../http/endpoint";
import { contextOf } from "../../http/service-context";
import { receiveStripeEvent } from "./stripe/stripe-webhook.service";
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
export function stripeWebhookEndpoints({ log }: { log: Logger }) {
  return [
    handle(webhookEndpoint, async (c) => {
      const rawBody = Buffer.from(await c.req.arrayBuffer());
      const signature = c.req.header("stripe-signature");
      const { answer, warning } = await receiveStripeEvent(contextOf(c), { rawBody, signature });
      if (warning) log.warn(warning);
      return c.json(answer, 200);
    }),
  ];
}
