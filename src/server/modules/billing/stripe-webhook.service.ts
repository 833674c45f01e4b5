import { eq } from "drizzle-orm";
import { billingWebhookEvent } from "../../db/schema/billing";
import { AppError, notFound } from "../../lib/app-error";
import { recordStripeInvoicePaid, recordStripePaymentFailed } from "./stripe-invoice-sync";
import { syncStripeSubscription } from "./stripe-subscription-sync";
import type { BillingSettings } from "./billing-settings";
import type { BillingProvider } from "./provider";
import type { TStripeWebhookResponse } from "../../../shared/billing-schemas";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import type Stripe from "stripe";

/**
 * One webhook call from Stripe: the signature is checked on the raw body, then the event is
 * stored by its id in the same transaction as its effect, so a replay (or a second instance
 * taking the same event) finds the row and changes nothing. Unknown types are stored and ignored.
 */
export async function receiveStripeEvent(
  db: Database,
  provider: BillingProvider,
  settings: BillingSettings,
  request: { rawBody: Buffer; signature: string | undefined },
  log: Logger,
): Promise<TStripeWebhookResponse> {
  const card = provider.card;
  if (!card) throw notFound("Stripe is not configured on this server.");
  if (!request.signature) throw new AppError("VALIDATION", "The Stripe-Signature header is missing.");
  let event: Stripe.Event;
  try {
    event = card.verifyEvent(request.rawBody, request.signature);
  } catch {
    throw new AppError("VALIDATION", "The Stripe signature does not match the body; check STRIPE_WEBHOOK_SECRET.");
  }
  const [seen] = await db.select().from(billingWebhookEvent).where(eq(billingWebhookEvent.id, event.id));
  if (seen) return { received: true, duplicate: true };

  // Checkout's event names the subscription only: read it from Stripe before the transaction.
  let current: Stripe.Subscription | null = null;
  if (event.type === "checkout.session.completed" && event.data.object.subscription)
    current = await card.retrieveSubscription(
      typeof event.data.object.subscription === "string"
        ? event.data.object.subscription
        : event.data.object.subscription.id,
    );

  const eventAt = new Date(event.created * 1000);
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(billingWebhookEvent)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingWebhookEvent.id });
    if (!stored) return { received: true, duplicate: true };
    let outcome = "ignored";
    switch (event.type) {
      case "checkout.session.completed":
        if (current) outcome = await syncStripeSubscription(tx, current, eventAt, { current: true });
        break;
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        outcome = await syncStripeSubscription(tx, event.data.object, eventAt);
        break;
      case "invoice.paid":
        outcome = await recordStripeInvoicePaid(tx, event.data.object, settings);
        break;
      case "invoice.payment_failed":
        outcome = await recordStripePaymentFailed(tx, event.data.object, eventAt);
        break;
    }
    if (outcome === "unknown") log.warn(`Stripe event ${event.id} (${event.type}) names no company of ours`);
    return { received: true, duplicate: false };
  });
}
