import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { invoice } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { invoiceSummaryColumns, toInvoiceSummary } from "./load-invoice";
import type { INVOICE_FILTERS, TListInvoicesResponse } from "../../../../shared/billing";
import type { ServiceContext } from "../../../context/service-context";

/** Staff: invoices across clients, newest first, filtered by what needs doing. */
export async function listInvoices(
  { db, now }: ServiceContext,
  filter: (typeof INVOICE_FILTERS)[number],
): Promise<TListInvoicesResponse> {
  const where: Record<typeof filter, SQL | undefined> = {
    all: undefined,
    open: eq(invoice.status, "open"),
    overdue: and(eq(invoice.status, "open"), lt(invoice.dueAt, now)),
    paid: eq(invoice.status, "paid"),
    draft: eq(invoice.status, "draft"),
    void: eq(invoice.status, "void"),
  };
  const rows = await db
    .select(invoiceSummaryColumns)
    .from(invoice)
    .innerJoin(company, eq(company.id, invoice.companyId))
    .where(where[filter])
    .orderBy(desc(invoice.createdAt), desc(invoice.id))
    .limit(500);
  return { invoices: rows.map((row) => toInvoiceSummary(row, now)) };
}
