import { ArrowLeft, Download, Printer } from "lucide-react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { useMe } from "../../features/account/api/get-me";
import { invoicePdfUrl, useInvoice } from "../../features/billing/api/get-invoice";
import { InvoiceDocument } from "../../features/billing/components/invoice-document";
import { toApiError } from "../../lib/api";

/** /billing/invoices/:id: one invoice as a page to read and print, with its PDF; staff open any client's. */
export function Component() {
  const { id = "" } = useParams();
  const me = useMe();
  const isStaff = me.data?.user.role === "admin" && !me.data.viewingAs;
  const query = useInvoice(id, isStaff, Boolean(me.data));
  const back = isStaff ? { to: "/admin/invoices", label: "All invoices" } : { to: "/billing", label: "Billing" };
  if (query.isError) return <Alert tone="error">{toApiError(query.error).message}</Alert>;
  if (!query.data) return <p className="text-muted-foreground">Loading...</p>;
  const { invoice } = query.data;
  return (
    <>
      <Link
        to={back.to}
        className="mb-4 inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline print:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden /> {back.label}
      </Link>
      <PageHeader
        title={invoice.number ? `Invoice ${invoice.number}` : "Draft invoice"}
        description={invoice.companyName}
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden /> Print
            </Button>
            <a href={invoicePdfUrl(invoice.id, isStaff)} download className={buttonClasses("default", "default")}>
              <Download aria-hidden /> Download PDF
            </a>
          </div>
        }
      />
      <InvoiceDocument invoice={invoice} />
    </>
  );
}
