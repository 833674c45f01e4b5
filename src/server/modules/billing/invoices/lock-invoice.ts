import { eq } from "drizzle-orm";
import { invoice } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { notFound } from "../../../lib/app-error";
import { NO_SUCH_INVOICE } from "./load-invoice";
import type { Database } from "../../../db/client";

/** Reads an invoice (with its company's name) and locks it for the rest of the transaction. */
export async function lockInvoice(tx: Database, invoiceId: string) {
  const [row] = await tx
    .select({ invoice, companyName: company.name })
    .from(invoice)
    .innerJoin(company, eq(company.id, invoice.companyId))
    .where(eq(invoice.id, invoiceId))
    .for("update", { of: invoice });
  if (!row) throw notFound(NO_SUCH_INVOICE);
  return { ...row.invoice, companyName: row.companyName };
}

export const label = (row: { number: string | null }) => (row.number ? `invoice ${row.number}` : "a draft invoice");
