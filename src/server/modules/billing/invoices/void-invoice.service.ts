import { eq } from "drizzle-orm";
import { invoice } from "../../../db/schema/billing";
import { conflict } from "../../../lib/app-error";
import { recordAudit, type AuditActor } from "../../audit/record-audit";
import { loadInvoice } from "./load-invoice";
import { label, lockInvoice } from "./lock-invoice";
import { reactivateIfSettled } from "./mark-paid.service";
import type { TGetInvoiceResponse } from "../../../../shared/billing-schemas";
import type { Database } from "../../../db/client";
import type { BillingSettings } from "../billing-settings";

/** Staff void an invoice with a reason. It keeps its number (the sequence stays gapless) and is never deleted. */
export async function voidInvoice(
  db: Database,
  actor: AuditActor,
  invoiceId: string,
  reason: string,
  settings: BillingSettings,
): Promise<TGetInvoiceResponse> {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    if (row.status === "paid" || row.status === "void")
      throw conflict(`This invoice is already ${row.status}; it cannot be voided.`);
    const now = new Date();
    await tx
      .update(invoice)
      .set({ status: "void", voidReason: reason, voidedAt: now, updatedAt: now })
      .where(eq(invoice.id, invoiceId));
    await reactivateIfSettled(tx, row.companyId, now);
    await recordAudit(tx, actor, {
      action: "invoice.voided",
      companyId: row.companyId,
      objectType: "invoice",
      objectId: invoiceId,
      summary: `Voided ${label(row)} of ${row.companyName}: ${reason}`,
      before: { status: row.status },
      after: { status: "void", reason },
    });
    return { invoice: await loadInvoice(tx, invoiceId, settings.payTo) };
  });
}
