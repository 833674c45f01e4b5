import { and, eq, lt } from "drizzle-orm";
import { formatInvoiceMoney } from "../../../../shared/billing";
import { invoice, subscription } from "../../../db/schema/billing";
import { conflict } from "../../../lib/app-error";
import { recordAudit, type AuditActor } from "../../audit/record-audit";
import { loadInvoice } from "./load-invoice";
import { lockInvoice } from "./lock-invoice";
import type { TGetInvoiceResponse } from "../../../../shared/billing-schemas";
import type { Database } from "../../../db/client";
import type { BillingSettings } from "../billing-settings";

/** A past-due subscription becomes active again once none of its company's invoices is open and overdue. */
export async function reactivateIfSettled(tx: Database, companyId: string, now = new Date()) {
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
  db: Database,
  actor: AuditActor,
  invoiceId: string,
  payment: { amountMinor: number; paidOn: string; reference?: string },
  settings: BillingSettings,
  now = new Date(),
): Promise<TGetInvoiceResponse> {
  return db.transaction(async (tx) => {
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
    await reactivateIfSettled(tx, row.companyId, now);
    await recordAudit(tx, actor, {
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
    return { invoice: await loadInvoice(tx, invoiceId, settings.payTo) };
  });
}
