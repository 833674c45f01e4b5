import { and, eq, gt, isNotNull, isNull, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { PAYMENT_TERM_DAYS } from "../../../../shared/billing-labels";
import { billingCustomer } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { hoursSettlement } from "../../../db/schema/hours";
import { AppError } from "../../../lib/app-error";
import { extraHoursLine } from "../../hours";
import { providerOf, type CardGateway } from "./provider";
import type { ServiceContext } from "../../../context/service-context";

/** The idempotency key of a period's extra hours: one Stripe invoice item per company and period, whoever sends it. */
export const hoursItemKey = (companyId: string, periodStart: Date) =>
  `cogwork-hours-${companyId}-${periodStart.toISOString()}`;

const unsent = alias(hoursSettlement, "unsent");

/** The idempotency key of the invoice of its own that an ended subscription's last extra hours get. */
export const hoursInvoiceKey = (companyId: string, periodStart: Date) =>
  `cogwork-hours-invoice-${companyId}-${periodStart.toISOString()}`;

/**
 * Sends the settled extra hours of Stripe-paid companies to Stripe, one invoice item each on the
 * customer (Stripe bills it with the customer's next invoice), and records the item's id. Outside
 * any transaction: the call is keyed by company and period, so a retry after a crash, or a second
 * instance sending the same settlement at the same moment, gets back the item Stripe already made.
 * A Stripe failure leaves the settlement waiting for the next pass. Then the items of ended
 * subscriptions get their invoice (`invoiceEndedHours`). Returns how many were sent and invoiced.
 */
export async function sendHoursToStripe(
  ctx: ServiceContext<null>,
): Promise<{ sent: number; invoiced: number; failed: number }> {
  const card = providerOf(ctx).card;
  if (!card) return { sent: 0, invoiced: 0, failed: 0 };
  const waiting = await ctx.db
    .select({ settlement: hoursSettlement, customerId: billingCustomer.stripeCustomerId, currency: company.currency })
    .from(hoursSettlement)
    .innerJoin(company, eq(company.id, hoursSettlement.companyId))
    .innerJoin(billingCustomer, eq(billingCustomer.companyId, hoursSettlement.companyId))
    .where(
      and(
        eq(hoursSettlement.sendToStripe, true),
        isNull(hoursSettlement.stripeInvoiceItemId),
        gt(hoursSettlement.amountMinor, 0),
      ),
    )
    .limit(200);
  let sent = 0;
  let failed = 0;
  for (const { settlement, customerId, currency } of waiting) {
    try {
      const itemId = await card.createInvoiceItem({
        customerId,
        amountMinor: settlement.amountMinor,
        currency,
        description: extraHoursLine(settlement.overageMinutes, settlement.rateMinor, currency),
        idempotencyKey: hoursItemKey(settlement.companyId, settlement.periodStart),
        metadata: { companyId: settlement.companyId, hoursSettlementId: settlement.id },
      });
      await ctx.db
        .update(hoursSettlement)
        .set({ stripeInvoiceItemId: itemId })
        .where(and(eq(hoursSettlement.id, settlement.id), isNull(hoursSettlement.stripeInvoiceItemId)));
      sent++;
    } catch (thrown) {
      if (!(thrown instanceof AppError)) throw thrown;
      failed++;
    }
  }
  const invoiced = await invoiceEndedHours(ctx, card);
  return { sent, invoiced: invoiced.invoiced, failed: failed + invoiced.failed };
}

/**
 * The last period of a Stripe subscription that ended: no renewal invoice will carry its item, so
 * once the item exists it gets an invoice of its own (pending items included, collected as the
 * subscription was, finalized by Stripe), and the invoice's id is stored. Stripe's answer decides,
 * not our memory: an item already on an invoice (a pass killed after Stripe made it, or any
 * invoice of Stripe's that took it) is recorded as it is; otherwise the invoice is made under a key
 * per company and period, which a second instance at the same moment shares.
 */
async function invoiceEndedHours(ctx: ServiceContext<null>, card: CardGateway) {
  const waiting = await ctx.db
    .select({ settlement: hoursSettlement, customerId: billingCustomer.stripeCustomerId })
    .from(hoursSettlement)
    .innerJoin(billingCustomer, eq(billingCustomer.companyId, hoursSettlement.companyId))
    .where(
      and(
        eq(hoursSettlement.sendToStripe, true),
        isNotNull(hoursSettlement.stripeEndCollection),
        isNotNull(hoursSettlement.stripeInvoiceItemId),
        isNull(hoursSettlement.stripeInvoiceId),
        // An earlier period's item still unsent (a renewal the ending event also reported) goes first.
        notExists(
          ctx.db
            .select({ id: unsent.id })
            .from(unsent)
            .where(
              and(
                eq(unsent.companyId, hoursSettlement.companyId),
                eq(unsent.sendToStripe, true),
                isNull(unsent.stripeInvoiceItemId),
              ),
            ),
        ),
      ),
    )
    .limit(200);
  let invoiced = 0;
  let failed = 0;
  for (const { settlement, customerId } of waiting) {
    try {
      const invoiceId =
        (await card.invoiceOfItem(settlement.stripeInvoiceItemId!)) ??
        (await card.invoicePendingItems({
          customerId,
          collectionMethod: settlement.stripeEndCollection!,
          daysUntilDue: settlement.stripeDaysUntilDue ?? PAYMENT_TERM_DAYS,
          description: `Extra hours of the last period, which ended on ${settlement.periodEnd.toISOString().slice(0, 10)}`,
          idempotencyKey: hoursInvoiceKey(settlement.companyId, settlement.periodStart),
          metadata: { companyId: settlement.companyId, hoursSettlementId: settlement.id },
        }));
      await ctx.db
        .update(hoursSettlement)
        .set({ stripeInvoiceId: invoiceId })
        .where(and(eq(hoursSettlement.id, settlement.id), isNull(hoursSettlement.stripeInvoiceId)));
      invoiced++;
    } catch (thrown) {
      if (!(thrown instanceof AppError)) throw thrown;
      failed++;
    }
  }
  return { invoiced, failed };
}
