import { formatInvoiceMoney } from "../../../../shared/billing";
import { recordAudit, type AuditActor } from "../../audit/record-audit";
import { finalizeInvoice } from "./finalize-invoice";
import { lockInvoice } from "./lock-invoice";
import type { TGetInvoiceResponse } from "../../../../shared/billing-schemas";
import type { Database } from "../../../db/client";
import type { BillingSettings } from "../billing-settings";

/** Staff finalize a draft: it takes its number and is mailed with its PDF (finalize-invoice.ts). */
export async function finalizeInvoiceByStaff(
  db: Database,
  actor: AuditActor,
  invoiceId: string,
  settings: BillingSettings,
): Promise<TGetInvoiceResponse> {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    const data = await finalizeInvoice(tx, invoiceId, settings);
    await recordAudit(tx, actor, {
      action: "invoice.finalized",
      companyId: row.companyId,
      objectType: "invoice",
      objectId: invoiceId,
      summary: `Issued invoice ${data.number} to ${row.companyName} for ${formatInvoiceMoney(data.totalMinor, data.currency)}`,
      before: { status: "draft" },
      after: { status: "open", number: data.number, totalMinor: data.totalMinor },
    });
    return { invoice: data };
  });
}
