import { eq } from "drizzle-orm";
import { billingWebhookEvent } from "../../../db/schema/billing";
import { AppError, notFound } from "../../../lib/app-error";
import { providerOf, type CardGateway } from "./provider";
import { SignatureTimeError } from "./signature-time-error";
import { recordStripeInvoicePaid, recordStripePaymentFailed } from "./stripe-invoice-sync";
import {
  companyOfCustomer,
  subscriptionVersion,
  syncStripeSubscription,
  type SyncOutcome,
} from "./stripe-subscription-sync";
import type { TStripeWebhookResponse } from "../../../../shared/billing";
import type { ServiceContext } from "../../../context/service-context";
import type Stripe from "stripe";

/**
 * One webhook call from Stripe: the signature is checked on the raw body, then the event is
 * stored by its id in the same transaction as its effect, so a replay (or a second instance
 * taking the same event) finds the row and changes nothing. Unknown types are stored and ignored.
 * Subscriptions follow the order of `syncStripeSubscription`; a copy read from Stripe (Checkout's,
 * or one in doubt) applies only if nothing wrote the company's row while it was read.
 * Returns the answer for Stripe, and a warning for the log when the event names no company of ours.
 */
export async function receiveStripeEvent(
  ctx: ServiceContext,
  request: { rawBody: Buffer; signature: string | undefined },
): Promise<{ answer: TStripeWebhookResponse; warning: string | null }> {
  const card = providerOf(ctx).card;
  if (!card) throw notFound("Stripe is not configured on this server.");
  if (!request.signature) throw new AppError("VALIDATION", "The Stripe-Signature header is missing.");
  let event: Stripe.Event;
  try {
    event = card.verifyEvent(request.rawBody, request.signature);
  } catch (thrown) {
    if (thrown instanceof SignatureTimeError)
      throw new AppError(
        "VALIDATION",
        "The Stripe signature was made more than 5 minutes before or after now; check this server's clock.",
      );
    throw new AppError("VALIDATION", "The Stripe signature does not match the body; check STRIPE_WEBHOOK_SECRET.");
  }
  const [seen] = await ctx.db.select().from(billingWebhookEvent).where(eq(billingWebhookEvent.id, event.id));
  if (seen) return { answer: { received: true, duplicate: true }, warning: null };

  const eventAt = new Date(event.created * 1000);
  let outcome: Outcome;
  if (event.type === "checkout.session.completed") {
    // Checkout's event names the subscription only: it is read from Stripe.
    const session = event.data.object;
    outcome =
      session.subscription && session.customer
        ? await applyFromStripe(ctx, card, event, eventAt, {
            id: idOf(session.subscription),
            customer: session.customer,
            metadata: session.metadata,
          })
        : await storeAndApply(ctx, event, async () => "ignored");
  } else {
    outcome = await storeAndApply(ctx, event, (tx) => applyEvent(tx, event, eventAt));
    // Another event of the same second said something else: what Stripe has now decides.
    if (outcome === "doubt" && isSubscriptionEvent(event))
      outcome = await applyFromStripe(ctx, card, event, eventAt, event.data.object);
  }
  if (outcome === "duplicate") return { answer: { received: true, duplicate: true }, warning: null };
  const warning = outcome === "unknown" ? `Stripe event ${event.id} (${event.type}) names no company of ours` : null;
  return { answer: { received: true, duplicate: false }, warning };
}

type Outcome = SyncOutcome | "unchanged" | "ignored" | "duplicate";
type SubscriptionEvent =
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent;

const idOf = (ref: string | { id: string }) => (typeof ref === "string" ? ref : ref.id);
const isSubscriptionEvent = (event: Stripe.Event): event is SubscriptionEvent =>
  event.type === "customer.subscription.created" ||
  event.type === "customer.subscription.updated" ||
  event.type === "customer.subscription.deleted";

async function applyEvent(tx: ServiceContext, event: Stripe.Event, eventAt: Date): Promise<Outcome> {
  if (isSubscriptionEvent(event)) return syncStripeSubscription(tx, event.data.object, eventAt);
  if (event.type === "invoice.paid") return recordStripeInvoicePaid(tx, event.data.object);
  if (event.type === "invoice.payment_failed") return recordStripePaymentFailed(tx, event.data.object, eventAt);
  return "ignored";
}

/** Undoes the transaction (the stored event too) when its effect must wait for a read from Stripe. */
class Undo extends Error {
  constructor(readonly outcome: "doubt" | "moved") {
    super(outcome);
  }
}

/**
 * Stores the event by its id and applies it in one transaction, so a replay (or a second instance
 * taking the same event) finds the row and changes nothing; "doubt" and "moved" store nothing.
 */
async function storeAndApply(
  ctx: ServiceContext,
  event: Stripe.Event,
  apply: (tx: ServiceContext) => Promise<Outcome>,
) {
  try {
    return await ctx.transaction(async (tx): Promise<Outcome> => {
      const [stored] = await tx.db
        .insert(billingWebhookEvent)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: billingWebhookEvent.id });
      if (!stored) return "duplicate";
      const outcome = await apply(tx);
      if (outcome === "doubt" || outcome === "moved") throw new Undo(outcome);
      return outcome;
    });
  } catch (thrown) {
    if (thrown instanceof Undo) return thrown.outcome;
    throw thrown;
  }
}

/**
 * Reads the subscription from Stripe and applies that copy with the event. The read happens
 * outside the transaction (no lock is held over the network); the copy applies only if the
 * company's row is unchanged since just before the read, else it is read again: a deletion
 * committed meanwhile is never undone by an older copy. Three writes in between: Stripe retries later.
 */
async function applyFromStripe(
  ctx: ServiceContext,
  card: CardGateway,
  event: Stripe.Event,
  eventAt: Date,
  ref: { id: string; customer: string | { id: string }; metadata: Stripe.Metadata | null },
): Promise<Outcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const companyId = await companyOfCustomer(ctx.db, ref.customer, ref.metadata);
    const before = await subscriptionVersion(ctx.db, companyId);
    const copy = await card.retrieveSubscription(ref.id);
    const outcome = await storeAndApply(ctx, event, (tx) =>
      syncStripeSubscription(tx, copy, eventAt, { fresh: { companyId, before } }),
    );
    if (outcome !== "moved") return outcome;
  }
  throw new AppError(
    "UNAVAILABLE",
    "The subscription kept changing while it was read from Stripe; Stripe sends the event again.",
    {
      retryAfterSeconds: 30,
    },
  );
}
