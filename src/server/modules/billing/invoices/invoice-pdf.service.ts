import { and, eq, ne } from "drizzle-orm";
import { invoice } from "../../../db/schema/billing";
import { INVOICE_PDF_SOURCE } from "../billing-mails";
import { renderInvoicePdf } from "./invoice-pdf";
import { loadInvoice } from "./load-invoice";
import type { TInvoice } from "../../../../shared/billing-schemas";
import type { Database } from "../../../db/client";
import type { BillingSettings } from "../billing-settings";

/**
 * One invoice for a reader: staff reach any; a company's people only their company's finalized
 * invoices (a draft is staff's work in progress). `companyId` null means staff.
 */
export async function readInvoice(
  db: Database,
  invoiceId: string,
  companyId: string | null,
  settings: BillingSettings,
) {
  return loadInvoice(
    db,
    invoiceId,
    settings.payTo,
    companyId === null ? undefined : and(eq(invoice.companyId, companyId), ne(invoice.status, "draft")),
  );
}

export async function invoicePdf(
  db: Database,
  invoiceId: string,
  companyId: string | null,
  settings: BillingSettings,
): Promise<{ body: Buffer; fileName: string; data: TInvoice }> {
  const data = await readInvoice(db, invoiceId, companyId, settings);
  return { body: await renderInvoicePdf(data), fileName: `invoice-${data.number ?? "draft"}.pdf`, data };
}

/** The outbox renders an invoice mail's PDF attachment when it delivers it. */
export const invoiceAttachmentSources = (db: Database, settings: BillingSettings) => ({
  [INVOICE_PDF_SOURCE]: async (invoiceId: string) => renderInvoicePdf(await loadInvoice(db, invoiceId, settings.payTo)),
});
