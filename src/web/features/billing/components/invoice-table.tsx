import { Download } from "lucide-react";
import { Link } from "react-router";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { screenPath } from "../../../../shared/routes";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate } from "../../../lib/format";
import { invoicePdfUrl } from "../api/get-invoice";
import type { TInvoiceSummary } from "../../../../shared/billing";
import type { ReactNode } from "react";

const TONES: Record<TInvoiceSummary["status"], StatusTone> = {
  draft: "neutral",
  open: "info",
  paid: "success",
  void: "neutral",
  issued: "info",
};
const LABELS: Record<TInvoiceSummary["status"], string> = {
  draft: "Draft",
  open: "Open",
  paid: "Paid",
  void: "Void",
  issued: "Credit note",
};

export function InvoiceStatus({ invoice }: { invoice: TInvoiceSummary }) {
  if (invoice.overdue) return <StatusBadge tone="danger">Overdue</StatusBadge>;
  return <StatusBadge tone={TONES[invoice.status]}>{LABELS[invoice.status]}</StatusBadge>;
}

/** Invoices with their number (opening the printable invoice), date, amount, status and PDF; `actions` adds staff's buttons to a row. */
export function InvoiceTable({
  invoices,
  label,
  isStaff = false,
  showClient = false,
  actions,
}: {
  invoices: TInvoiceSummary[];
  label: string;
  isStaff?: boolean;
  showClient?: boolean;
  actions?: (invoice: TInvoiceSummary) => ReactNode;
}) {
  return (
    <Table label={label}>
      <TableHeader>
        <TableRow>
          <TableHead className="sticky left-0 bg-card">Number</TableHead>
          {showClient ? <TableHead>Client</TableHead> : null}
          <TableHead>Date</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <TableCell className="sticky left-0 bg-card font-medium tabular-nums">
              <Link
                to={screenPath("/billing/invoices/:id", { id: invoice.id })}
                className="underline-offset-4 hover:underline"
              >
                <span className="sr-only">Invoice </span>
                {invoice.number ?? "Draft"}
              </Link>
            </TableCell>
            {showClient ? <TableCell>{invoice.companyName}</TableCell> : null}
            <TableCell>{formatDate(invoice.issuedAt ?? invoice.createdAt)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatInvoiceMoney(invoice.totalMinor, invoice.currency)}
            </TableCell>
            <TableCell>
              <InvoiceStatus invoice={invoice} />
              {invoice.paidOn ? (
                <span className="ml-2 text-xs text-muted-foreground">on {formatDate(invoice.paidOn)}</span>
              ) : null}
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap items-center justify-end gap-2">
                <a
                  href={invoicePdfUrl(invoice.id, isStaff)}
                  download
                  className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                >
                  <Download aria-hidden className="size-4" />
                  PDF<span className="sr-only"> of invoice {invoice.number ?? "draft"}</span>
                </a>
                {actions?.(invoice)}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
