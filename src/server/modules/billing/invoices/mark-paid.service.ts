import { and, eq, lt } from "drizzle-orm";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { invoice, subscription } from "../../../db/schema/billing";
import { conflict } from "../../../lib/app-error";
import { audit } from "../../audit";
import { invoiceOf } from "./load-invoice";
import { lockInvoice } from "./lock-invoice";
import type { TGetInvoiceResponse } from "../../../../shared/billing";
import type { ActorContext, ServiceContext } from "../../../context/service-context";

/**
 * A past-due subscription becomes active again once none of its company's invoices is open and
 * overdue. `ctx` is the caller's transaction.
 */
export async function reactivateIfSettled({ db: tx, now }: ServiceContext, companyId: string) {
  const [stillOverdue] = await tx
    .select({ id: invoice.id })
    .from(invoice)
    .where(and(eq(invoice.companyId, companyId), eq(invoice.status, "open"), lt(invoice.dueAt, now)))
    .limit(1);
  if (!stillOverdue)
    await tx
      .update(subscription)
      .set({ status: "active", updatedAt: now })
      .where(and(eq(subscription.companyId, companyId), eq(subscription.status, "past_due")));
}

/** Staff record a bank payment of an open invoice (manual provider). */
export async function markInvoicePaid(
  ctx: ActorContext,
  input: { invoiceId: string; amountMinor: number; paidOn: string; reference?: string },
): Promise<TGetInvoiceResponse> {
  const { invoiceId, ...payment } = input;
  const { now } = ctx;
  return ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const row = await lockInvoice(tx, invoiceId);
    if (row.status !== "open")
      throw conflict(`This invoice is ${row.status}; only an open invoice can be marked paid.`);
    await tx
      .update(invoice)
      .set({
        status: "paid",
        paidAmountMinor: payment.amountMinor,
        paidOn: payment.paidOn,
        paymentReference: payment.reference ?? null,
        updatedAt: now,
      })
      .where(eq(invoice.id, invoiceId));
    await reactivateIfSettled(ttx, row.companyId);
    await audit(ttx, {
      action: "invoice.paid",
      companyId: row.companyId,
      objectType: "invoice",
      objectId: invoiceId,
      summary: `Marked invoice ${row.number} of ${row.companyName} paid: ${formatInvoiceMoney(payment.amountMinor, row.currency)} on ${payment.paidOn}`,
      before: { status: "open" },
      after: {
        status: "paid",
        amountMinor: payment.amountMinor,
        paidOn: payment.paidOn,
        reference: payment.reference ?? null,
      },
    });
    return { invoice: await invoiceOf(ttx, invoiceId) };
  });
}
