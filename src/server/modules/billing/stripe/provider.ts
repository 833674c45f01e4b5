import { conflict } from "../../../lib/app-error";
import { settingsOf } from "../billing-settings";
import { stripeGateway } from "./stripe-gateway";
import type { BillingInterval } from "../../../../shared/billing-labels";
import type { Config } from "../../../config";
import type { BillingSettings } from "../billing-settings";
import type Stripe from "stripe";

/** What a card provider does for billing: customers, hosted pages, and the events it sends back. */
export interface CardGateway {
  /** Creates the provider's customer for a company; called once per company, under its row lock. */
  createCustomer(input: { companyId: string; name: string; email: string }): Promise<string>;
  /** A hosted Checkout page where the owner subscribes to a plan with a card. */
  checkoutUrl(input: {
    customerId: string;
    companyId: string;
    planId: string;
    planName: string;
    priceMinor: number;
    currency: string;
    interval: BillingInterval;
    /** The end of a period already invoiced by hand: the card is first charged then. */
    firstChargeAt: Date | null;
    returnUrl: string;
  }): Promise<string>;
  /** The provider's customer portal, where the owner manages the card. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /**
   * An invoice item on the customer, which Stripe puts on the customer's next invoice. The same
   * idempotency key returns the same item, so a retry or a second instance never makes two.
   */
  createInvoiceItem(input: {
    customerId: string;
    amountMinor: number;
    currency: string;
    description: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<string>;
  /** The invoice an invoice item is on, or null while it waits for the customer's next one. */
  invoiceOfItem(itemId: string): Promise<string | null>;
  /**
   * An invoice of its own for the customer's pending invoice items (when no renewal will bill
   * them), which Stripe finalizes and collects (`auto_advance`). The same idempotency key returns
   * the same invoice, so a retry or a second instance never makes two.
   */
  invoicePendingItems(input: {
    customerId: string;
    collectionMethod: "charge_automatically" | "send_invoice";
    /** For `send_invoice`: the days to pay. */
    daysUntilDue: number;
    description: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<string>;
  /** The subscription as the provider has it now (events may arrive out of order). */
  retrieveSubscription(id: string): Promise<Stripe.Subscription>;
  /**
   * The event in a webhook call, if its signature over the raw body is right and was made within
   * five minutes of now, before or after; throws otherwise (SignatureTimeError for the time).
   */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event;
}

/**
 * The billing provider: manual (bank transfer to the details on the invoice, staff mark invoices
 * paid) always; Stripe's card payments on top when both Stripe keys are set.
 */
export interface BillingProvider {
  readonly name: "manual" | "stripe";
  readonly card: CardGateway | null;
}

export function billingProvider(settings: BillingSettings): BillingProvider {
  return settings.stripe ? { name: "stripe", card: stripeGateway(settings.stripe) } : { name: "manual", card: null };
}

const providers = new WeakMap<BillingSettings, BillingProvider>();

/** The provider of the context's configuration, made once (Stripe's client is kept, not made per request). */
export function providerOf(ctx: { app: { config: Config } }): BillingProvider {
  const settings = settingsOf(ctx);
  let provider = providers.get(settings);
  if (!provider) {
    provider = billingProvider(settings);
    providers.set(settings, provider);
  }
  return provider;
}

/** The card gateway, or the one refusal when card payments are off. */
export function requireCard(provider: BillingProvider): CardGateway {
  if (!provider.card)
    throw conflict("Card payments are not switched on: pay by bank transfer to the details on your invoice.");
  return provider.card;
}
