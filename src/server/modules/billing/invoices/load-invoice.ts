import { and, asc, eq, ne, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { invoice, invoiceLine } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { notFound } from "../../../lib/app-error";
import { invoiceHoursEntries } from "../../hours";
import { settingsOf } from "../billing-settings";
import type { TInvoice, TInvoiceSummary, TLegalParty, TPayTo } from "../../../../shared/billing";
import type { ServiceContext } from "../../../context/service-context";
import type { Database } from "../../../db/client";

export const NO_SUCH_INVOICE = "There is no such invoice.";

export const invoiceSummaryColumns = {
  id: invoice.id,
  number: invoice.number,
  status: invoice.status,
  kind: invoice.kind,
  companyId: invoice.companyId,
  companyName: company.name,
  currency: invoice.currency,
  totalMinor: invoice.totalMinor,
  issuedAt: invoice.issuedAt,
  dueAt: invoice.dueAt,
  paidOn: invoice.paidOn,
  createdAt: invoice.createdAt,
};

interface SummaryRow {
  id: string;
  number: string | null;
  status: TInvoiceSummary["status"];
  kind: TInvoiceSummary["kind"];
  companyId: string;
  companyName: string;
  currency: string;
  totalMinor: number;
  issuedAt: Date | null;
  dueAt: Date | null;
  paidOn: string | null;
  createdAt: Date;
}

/** An invoice in a list; `now` decides whether an open one is overdue. */
export function toInvoiceSummary(row: SummaryRow, now: Date): TInvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    kind: row.kind,
    companyId: row.companyId,
    companyName: row.companyName,
    currency: row.currency,
    totalMinor: row.totalMinor,
    paidOn: row.paidOn,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    overdue: row.status === "open" && row.dueAt !== null && row.dueAt < now,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * One invoice with its lines, as the context reads it (in its transaction, at its "now", with the
 * configuration's payment details). `where` narrows the lookup (a member reaches only their
 * company's finalized invoices); anything outside it is "no such invoice".
 */
export const invoiceOf = (ctx: ServiceContext, invoiceId: string, where?: SQL) => {
  const { payTo, payee } = settingsOf(ctx);
  return loadInvoice(ctx.db, { invoiceId, payTo, payee, now: ctx.now, where });
};

const corrected = alias(invoice, "corrected_invoice");

/** The invoice a credit note corrects, and the credit notes that correct an invoice. */
async function correctionsOf(db: Pick<Database, "select">, invoiceId: string, correctsInvoiceId: string | null) {
  const [corrects] = correctsInvoiceId
    ? await db
        .select({ id: corrected.id, number: corrected.number })
        .from(corrected)
        .where(eq(corrected.id, correctsInvoiceId))
    : [];
  const creditNotes = await db
    .select({ id: invoice.id, number: invoice.number, totalMinor: invoice.totalMinor })
    .from(invoice)
    .where(and(eq(invoice.correctsInvoiceId, invoiceId), ne(invoice.status, "draft")))
    .orderBy(asc(invoice.issuedAt));
  return {
    corrects: corrects ? { id: corrects.id, number: corrects.number ?? "" } : null,
    creditNotes: creditNotes.map((note) => ({ ...note, number: note.number ?? "" })),
  };
}

/** One invoice with its lines (see `invoiceOf`); `now` decides whether an open one is overdue. */
export async function loadInvoice(
  db: Pick<Database, "select">,
  input: { invoiceId: string; payTo: TPayTo; payee: TLegalParty; now: Date; where?: SQL },
): Promise<TInvoice> {
  const { invoiceId, payTo, now, where } = input;
  const [row] = await db
    .select({
      ...invoiceSummaryColumns,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      subtotalMinor: invoice.subtotalMinor,
      taxRateBp: invoice.taxRateBp,
      taxMinor: invoice.taxMinor,
      paidAmountMinor: invoice.paidAmountMinor,
      paymentReference: invoice.paymentReference,
      voidReason: invoice.voidReason,
      payee: invoice.payee,
      payer: invoice.payer,
      correctsInvoiceId: invoice.correctsInvoiceId,
    })
    .from(invoice)
    .innerJoin(company, eq(company.id, invoice.companyId))
    .where(and(eq(invoice.id, invoiceId), where));
  if (!row) throw notFound(NO_SUCH_INVOICE);
  const lines = await db
    .select({
      id: invoiceLine.id,
      kind: invoiceLine.kind,
      description: invoiceLine.description,
      amountMinor: invoiceLine.amountMinor,
    })
    .from(invoiceLine)
    .where(eq(invoiceLine.invoiceId, invoiceId))
    .orderBy(asc(invoiceLine.position), asc(invoiceLine.id));
  const { periodStart, periodEnd, payee, payer, correctsInvoiceId, ...rest } = row;
  return {
    ...toInvoiceSummary(rest, now),
    ...pick(row),
    periodStart: periodStart?.toISOString() ?? null,
    periodEnd: periodEnd?.toISOString() ?? null,
    lines,
    ...(lines.some((line) => line.kind === "hours") ? { hoursEntries: await invoiceHoursEntries(db, invoiceId) } : {}),
    payTo,
    // Finalized documents keep the details they were issued with; a draft shows today's.
    payee: payee ?? input.payee,
    payer,
    ...(await correctionsOf(db, invoiceId, correctsInvoiceId)),
  };
}

const pick = (row: {
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  paidAmountMinor: number | null;
  paymentReference: string | null;
  voidReason: string | null;
}) => ({
  subtotalMinor: row.subtotalMinor,
  taxRateBp: row.taxRateBp,
  taxMinor: row.taxMinor,
  paidAmountMinor: row.paidAmountMinor,
  paymentReference: row.paymentReference,
  voidReason: row.voidReason,
});
