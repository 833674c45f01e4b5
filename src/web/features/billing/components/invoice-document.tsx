import { formatInvoiceMoney, formatTaxRate } from "../../../../shared/billing-labels";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate, formatDateRange } from "../../../lib/format";
import { InvoiceStatus } from "./invoice-table";
import { PayTo } from "./pay-to";
import type { TInvoice } from "../../../../shared/billing";
import type { ReactNode } from "react";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-muted-foreground uppercase print:text-neutral-600">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Total({
  label,
  minor,
  currency,
  strong,
}: {
  label: string;
  minor: number;
  currency: string;
  strong?: boolean;
}) {
  return (
    <div className={strong ? "flex justify-between border-t pt-2 text-base font-semibold" : "flex justify-between"}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatInvoiceMoney(minor, currency)}</dd>
    </div>
  );
}

/** A party's legal lines: name, address, VAT and company numbers. */
function Party({ party }: { party: TInvoice["payee"] }) {
  return (
    <address className="text-sm whitespace-pre-line not-italic">
      <span className="font-semibold">{party.legalName}</span>
      {party.address ? `\n${party.address}` : ""}
      {party.vatNumber ? `\nVAT ${party.vatNumber}` : ""}
      {party.companyNumber ? `\nCompany no. ${party.companyNumber}` : ""}
    </address>
  );
}

/** The invoice as the PDF shows it: who bills whom, when, its lines, totals and how to pay; printable as is. */
export function InvoiceDocument({ invoice }: { invoice: TInvoice }) {
  const money = (minor: number) => formatInvoiceMoney(minor, invoice.currency);
  const title = invoice.kind === "credit_note" ? "Credit note" : "Invoice";
  return (
    <article
      aria-label={`${title} ${invoice.number ?? "draft"}`}
      className="rounded-xl border bg-card p-5 sm:p-8 print:border-0 print:bg-white print:p-0 print:text-black"
    >
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-lg font-semibold">{invoice.payTo.issuer}</p>
          <p className="mb-2 text-sm text-muted-foreground print:text-neutral-600">{title}</p>
          <Party party={invoice.payee} />
        </div>
        <InvoiceStatus invoice={invoice} />
      </div>
      <dl className="mb-8 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        <Fact term={invoice.kind === "credit_note" ? "Credited to" : "Billed to"}>
          {invoice.payer ? <Party party={invoice.payer} /> : invoice.companyName}
        </Fact>
        <Fact term="Issued">{invoice.issuedAt ? formatDate(invoice.issuedAt) : "Not yet"}</Fact>
        <Fact term="Due">{invoice.dueAt ? formatDate(invoice.dueAt) : "—"}</Fact>
        {invoice.corrects ? (
          <Fact term="Corrects invoice">{invoice.corrects.number}</Fact>
        ) : (
          <Fact term="Period">
            {invoice.periodStart && invoice.periodEnd
              ? formatDateRange(invoice.periodStart, invoice.periodEnd)
              : "One-off"}
          </Fact>
        )}
      </dl>
      <Table label="Invoice lines" className="print:text-black">
        <TableHeader>
          <TableRow>
            <TableHead>Description</TableHead>
            <TableHead className="text-right">Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoice.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>{line.description}</TableCell>
              <TableCell className="text-right tabular-nums">{money(line.amountMinor)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <dl className="mt-4 ml-auto flex max-w-xs flex-col gap-1 text-sm" aria-label="Totals">
        <Total label="Subtotal" minor={invoice.subtotalMinor} currency={invoice.currency} />
        <Total label={`Tax ${formatTaxRate(invoice.taxRateBp)}`} minor={invoice.taxMinor} currency={invoice.currency} />
        <Total label="Total" minor={invoice.totalMinor} currency={invoice.currency} strong />
      </dl>
      <div className="mt-8 flex flex-col gap-2 text-sm empty:hidden">
        {invoice.status === "paid" ? (
          <p>
            Paid {invoice.paidAmountMinor !== null ? money(invoice.paidAmountMinor) : ""}
            {invoice.paidOn ? ` on ${formatDate(invoice.paidOn)}` : ""}
            {invoice.paymentReference ? `, reference ${invoice.paymentReference}` : ""}. Thank you.
          </p>
        ) : null}
        {invoice.status === "void" ? <p>Voided: {invoice.voidReason}</p> : null}
        {invoice.status === "open" ? <PayTo payTo={invoice.payTo} /> : null}
        {invoice.kind === "credit_note" ? (
          <p>
            This credit note takes {money(-invoice.totalMinor)} off invoice {invoice.corrects?.number}.
          </p>
        ) : null}
        {invoice.creditNotes.map((note) => (
          <p key={note.id}>
            Credit note {note.number} takes {money(-note.totalMinor)} off this invoice.
          </p>
        ))}
      </div>
    </article>
  );
}
