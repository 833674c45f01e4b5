import { and, asc, eq } from "drizzle-orm";
import { inScope } from "../../../context/company-scope";
import { invoice } from "../../../db/schema/billing";
import type { ServiceContext } from "../../../context/service-context";

/** The company's open invoices (for the dashboard's "needs your attention"), the one due first first. */
export async function unpaidInvoices({ db, scope, now }: Pick<ServiceContext, "db" | "scope" | "now">) {
  // Staff follow every client's payments in the invoices list, not on their home screen.
  if (scope.all) return [];
  const rows = await db
    .select({
      invoiceId: invoice.id,
      number: invoice.number,
      totalMinor: invoice.totalMinor,
      currency: invoice.currency,
      dueAt: invoice.dueAt,
    })
    .from(invoice)
    .where(and(inScope(invoice.companyId, scope), eq(invoice.status, "open")))
    .orderBy(asc(invoice.dueAt), asc(invoice.id))
    .limit(5);
  return rows.map((row) => ({
    invoiceId: row.invoiceId,
    // An open invoice is finalized, so it has its number.
    number: row.number ?? "",
    totalMinor: row.totalMinor,
    currency: row.currency,
    dueAt: row.dueAt?.toISOString() ?? null,
    overdue: row.dueAt !== null && row.dueAt < now,
  }));
}
