import { and, eq, gt, isNull } from "drizzle-orm";
import { billingCustomer } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { hoursSettlement } from "../../../db/schema/hours";
import { AppError } from "../../../lib/app-error";
import { extraHoursLine } from "../../hours";
import { providerOf } from "./provider";
import type { ServiceContext } from "../../../context/service-context";

/** The idempotency key of a period's extra hours: one Stripe invoice item per company and period, whoever sends it. */
export const hoursItemKey = (companyId: string, periodStart: Date) =>
  `cogwork-hours-${companyId}-${periodStart.toISOString()}`;

/**
 * Sends the settled extra hours of Stripe-paid companies to Stripe, one invoice item each on the
 * customer (Stripe bills it with the customer's next invoice), and records the item's id. Outside
 * any transaction: the call is keyed by company and period, so a retry after a crash, or a second
 * instance sending the same settlement at the same moment, gets back the item Stripe already made.
 * A Stripe failure leaves the settlement waiting for the next pass. Returns how many were sent.
 */
export async function sendHoursToStripe(ctx: ServiceContext<null>): Promise<{ sent: number; failed: number }> {
  const card = providerOf(ctx).card;
  if (!card) return { sent: 0, failed: 0 };
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
  return { sent, failed };
}
