import { and, eq, ne } from "drizzle-orm";
import { invoice } from "../../../db/schema/billing";
import { INVOICE_PDF_SOURCE } from "../billing-mails";
import { renderInvoicePdf } from "./invoice-pdf";
import { invoiceOf, loadInvoice } from "./load-invoice";
import type { TInvoice } from "../../../../shared/billing";
import type { ServiceContext } from "../../../context/service-context";
import type { Database } from "../../../db/client";
import type { BillingSettings } from "../billing-settings";

/**
 * One invoice for a reader: staff reach any; a company's people only their company's finalized
 * invoices (a draft is staff's work in progress). `companyId` null means staff.
 */
export async function readInvoice(ctx: ServiceContext, input: { invoiceId: string; companyId: string | null }) {
  const { invoiceId, companyId } = input;
  return invoiceOf(
    ctx,
    invoiceId,
    companyId === null ? undefined : and(eq(invoice.companyId, companyId), ne(invoice.status, "draft")),
  );
}

export async function invoicePdf(
  ctx: ServiceContext,
  input: { invoiceId: string; companyId: string | null },
): Promise<{ body: Buffer; fileName: string; data: TInvoice }> {
  const data = await readInvoice(ctx, input);
  return { body: await renderInvoicePdf(data), fileName: `invoice-${data.number ?? "draft"}.pdf`, data };
}

/** The outbox renders an invoice mail's PDF attachment when it delivers it (as it is then). */
export const invoiceAttachmentSources = (db: Database, settings: BillingSettings) => ({
  [INVOICE_PDF_SOURCE]: async (invoiceId: string) =>
    renderInvoicePdf(
      await loadInvoice(db, { invoiceId, payTo: settings.payTo, payee: settings.payee, now: new Date() }),
    ),
});
