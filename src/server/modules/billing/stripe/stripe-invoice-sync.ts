import { and, eq, inArray, ne } from "drizzle-orm";
import { invoice, invoiceLine, subscription } from "../../../db/schema/billing";
import { hoursSettlement } from "../../../db/schema/hours";
import { invoicePaidByCardMail } from "../billing-mails";
import { finalizeInvoice } from "../invoices/finalize-invoice";
import { companyOfCustomer } from "./stripe-subscription-sync";
import type { LineKind } from "../../../../shared/billing-labels";
import type { ServiceContext } from "../../../context/service-context";
import type Stripe from "stripe";

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The Stripe invoice items of our extra hours, by item id, among this invoice's lines. */
async function hoursItemsOf(tx: ServiceContext["db"], stripeInvoice: Stripe.Invoice) {
  const itemIds = stripeInvoice.lines.data
    .map((line) => line.parent?.invoice_item_details?.invoice_item)
    .filter((id): id is string => typeof id === "string");
  if (itemIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ itemId: hoursSettlement.stripeInvoiceItemId })
    .from(hoursSettlement)
    .where(inArray(hoursSettlement.stripeInvoiceItemId, itemIds));
  return new Set(rows.map((row) => row.itemId!));
}

function linesOf(stripeInvoice: Stripe.Invoice, netMinor: number, hoursItems: Set<string>) {
  const lines = stripeInvoice.lines.data.map((line) => {
    const details = line.parent?.subscription_item_details;
    const item = line.parent?.invoice_item_details?.invoice_item;
    const hours = item !== undefined && hoursItems.has(item);
    const kind: LineKind = details ? (details.proration ? "proration" : "plan") : hours ? "hours" : "one_off";
    return { kind, description: line.description ?? "Card payment", amountMinor: line.amount };
  });
  // Discounts, and lines beyond the first page Stripe sends: one line, so the totals are Stripe's.
  const rest = netMinor - lines.reduce((sum, line) => sum + line.amountMinor, 0);
  if (rest !== 0)
    lines.push({ kind: "one_off", description: "Discounts and other items of the Stripe invoice", amountMinor: rest });
  return lines;
}

/**
 * A Stripe invoice was paid: it joins the company's invoice list through the same finalization
 * as every other invoice (the next gapless number), and is marked paid with what Stripe took.
 * A zero invoice (the free days before the first charge) is not an invoice of ours. `ctx` is the
 * webhook's transaction.
 */
export async function recordStripeInvoicePaid(
  ctx: ServiceContext,
  stripeInvoice: Stripe.Invoice,
): Promise<"applied" | "unchanged" | "unknown"> {
  const { db: tx, now } = ctx;
  if (!stripeInvoice.customer || stripeInvoice.total <= 0) return "unchanged";
  const companyId = await companyOfCustomer(tx, stripeInvoice.customer);
  if (!companyId) return "unknown";
  const [known] = await tx.select().from(invoice).where(eq(invoice.stripeInvoiceId, stripeInvoice.id!)).for("update");
  if (known?.status === "paid") return "unchanged";
  const taxMinor = (stripeInvoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);
  const netMinor = stripeInvoice.total - taxMinor;
  let invoiceId = known?.id;
  if (!invoiceId) {
    const [created] = await tx
      .insert(invoice)
      .values({
        companyId,
        currency: stripeInvoice.currency.toUpperCase(),
        taxRateBp: netMinor > 0 ? Math.round((taxMinor * 10_000) / netMinor) : 0,
        stripeInvoiceId: stripeInvoice.id!,
      })
      .returning({ id: invoice.id });
    invoiceId = created!.id;
    const hoursItems = await hoursItemsOf(tx, stripeInvoice);
    await tx.insert(invoiceLine).values(
      linesOf(stripeInvoice, netMinor, hoursItems).map((line, position) => ({
        ...line,
        invoiceId: invoiceId!,
        position,
      })),
    );
    // The settlements billed here: the invoice (API and PDF) lists their entries.
    if (hoursItems.size > 0)
      await tx
        .update(hoursSettlement)
        .set({ invoiceId })
        .where(inArray(hoursSettlement.stripeInvoiceItemId, [...hoursItems]));
    await finalizeInvoice(ctx, {
      invoiceId,
      takePendingCharges: false,
      mail: invoicePaidByCardMail,
      requirePayer: false,
    });
  }
  const paidAt = stripeInvoice.status_transitions.paid_at ?? Math.floor(now.getTime() / 1000);
  await tx
    .update(invoice)
    .set({
      status: "paid",
      paidAmountMinor: stripeInvoice.amount_paid,
      paidOn: day(paidAt),
      paymentReference: `Stripe ${stripeInvoice.number ?? stripeInvoice.id}`,
      updatedAt: now,
    })
    .where(eq(invoice.id, invoiceId));
  return "applied";
}

/** A card payment failed: the subscription is past due until Stripe says otherwise (a newer event). */
export async function recordStripePaymentFailed(
  { db: tx, now }: ServiceContext,
  stripeInvoice: Stripe.Invoice,
  eventAt: Date,
): Promise<"applied" | "stale" | "unknown"> {
  if (!stripeInvoice.customer) return "unknown";
  const companyId = await companyOfCustomer(tx, stripeInvoice.customer);
  if (!companyId) return "unknown";
  const [sub] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId)).for("update");
  if (!sub || sub.provider !== "stripe") return "unknown";
  if (sub.stripeEventAt && eventAt < sub.stripeEventAt) return "stale";
  await tx
    .update(subscription)
    .set({ status: "past_due", stripeEventAt: eventAt, updatedAt: now })
    .where(and(eq(subscription.id, sub.id), ne(subscription.status, "canceled")));
  return "applied";
}
