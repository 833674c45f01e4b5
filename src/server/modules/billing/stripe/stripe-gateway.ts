import Stripe from "stripe";
import { AppError } from "../../../lib/app-error";
import { SignatureTimeError } from "./signature-time-error";
import type { BillingSettings } from "../billing-settings";
import type { CardGateway } from "./provider";

type StripeSettings = NonNullable<BillingSettings["stripe"]>;

/** Stripe's client; `apiUrl` points it at another address (a local stand-in in tests). */
export function stripeClient(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Cogwork" },
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === "http:" ? 80 : 443),
          protocol: url.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
}

/** Stripe's failures as a readable 503: the owner tries again; nothing of ours was half written. */
async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    if (thrown instanceof Stripe.errors.StripeError)
      throw new AppError("UNAVAILABLE", `Stripe could not ${what} just now (${thrown.message}). Please try again.`, {
        retryAfterSeconds: 30,
      });
    throw thrown;
  }
}

const idOf = (ref: string | { id: string }) => (typeof ref === "string" ? ref : ref.id);
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** How far a webhook signature's time may be from our clock, before or after (Stripe's 5 minutes). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The signed time in a Stripe-Signature header: its last `t=`, as the library reads it. */
function signedAt(header: string): number {
  let seconds = Number.NaN;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") seconds = Number.parseInt(value ?? "", 10);
  }
  return seconds;
}

/** Invoice items and invoices: the extra hours Stripe bills (ADR 0033). */
function invoicing(stripe: Stripe): Pick<CardGateway, "createInvoiceItem" | "invoiceOfItem" | "invoicePendingItems"> {
  return {
    createInvoiceItem: (input) =>
      calling("add the extra hours to your next card invoice", async () => {
        const item = await stripe.invoiceItems.create(
          {
            customer: input.customerId,
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return item.id;
      }),
    invoiceOfItem: (itemId) =>
      calling("read the extra hours item", async () => {
        const item = await stripe.invoiceItems.retrieve(itemId);
        return item.invoice ? idOf(item.invoice) : null;
      }),
    invoicePendingItems: (input) =>
      calling("invoice the extra hours", async () => {
        const made = await stripe.invoices.create(
          {
            customer: input.customerId,
            pending_invoice_items_behavior: "include",
            collection_method: input.collectionMethod,
            ...(input.collectionMethod === "send_invoice" ? { days_until_due: input.daysUntilDue } : {}),
            auto_advance: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return made.id;
      }),
  };
}

export function stripeGateway(settings: StripeSettings): CardGateway {
  const stripe = stripeClient(settings);
  return {
    createCustomer: ({ companyId, name, email }) =>
      calling("create your customer record", async () => {
        // The idempotency key makes a retried call return the same customer.
        const customer = await stripe.customers.create(
          { name, email, metadata: { companyId } },
          { idempotencyKey: `cogwork-customer-${companyId}` },
        );
        return customer.id;
      }),
    checkoutUrl: (input) =>
      calling("open Checkout", async () => {
        const metadata = { companyId: input.companyId, planId: input.planId, interval: input.interval };
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          customer: input.customerId,
          client_reference_id: input.companyId,
          metadata,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.priceMinor,
                recurring: { interval: input.interval === "yearly" ? "year" : "month" },
                product_data: { name: `${input.planName} plan` },
              },
            },
          ],
          subscription_data: {
            metadata,
            ...(input.firstChargeAt
              ? { billing_cycle_anchor: unixSeconds(input.firstChargeAt), proration_behavior: "none" as const }
              : {}),
          },
          success_url: `${input.returnUrl}?checkout=done`,
          cancel_url: input.returnUrl,
        });
        if (!session.url) throw new Stripe.errors.StripeAPIError({ message: "Checkout gave no address" });
        return session.url;
      }),
    portalUrl: (customerId, returnUrl) =>
      calling("open the billing portal", async () => {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return session.url;
      }),
    ...invoicing(stripe),
    retrieveSubscription: (id) => calling("read the subscription", () => stripe.subscriptions.retrieve(id)),
    verifyEvent: (rawBody, signature) => {
      // The library checks only that a signature is not too old (tolerance 0 skips that): a
      // captured one replayed, or one dated ahead to outlive the window, is refused either way here.
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, 0);
      const skew = Math.abs(unixSeconds(new Date()) - signedAt(signature));
      if (!(skew <= SIGNATURE_TOLERANCE_SECONDS)) throw new SignatureTimeError();
      return event;
    },
  };
}
