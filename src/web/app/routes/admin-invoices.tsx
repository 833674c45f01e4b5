import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useInvoices, type InvoiceFilter } from "../../features/billing/api/list-invoices";
import { InvoiceRowActions } from "../../features/billing/components/invoice-row-actions";
import { InvoiceTable } from "../../features/billing/components/invoice-table";
import { toApiError } from "../../lib/api";

const FILTERS: { value: InvoiceFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "overdue", label: "Overdue" },
  { value: "paid", label: "Paid" },
  { value: "all", label: "All" },
];

function InvoiceList({ invoices }: { invoices: ReturnType<typeof useInvoices> }) {
  if (invoices.isError) return <Alert tone="error">{toApiError(invoices.error).message}</Alert>;
  if (!invoices.data) return <p className="text-muted-foreground">Loading...</p>;
  if (invoices.data.invoices.length === 0) return <p className="text-sm text-muted-foreground">No invoices here.</p>;
  return (
    <InvoiceTable
      label="Invoices across clients"
      showClient
      invoices={invoices.data.invoices}
      isStaff
      actions={(invoice) => <InvoiceRowActions invoice={invoice} />}
    />
  );
}

/** Staff: invoices across clients, filtered by what needs doing. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filter = FILTERS.find((f) => f.value === params.get("filter"))?.value ?? "open";
  const invoices = useInvoices(filter);
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Every client's invoices: follow what is open or overdue, and record payments."
      />
      <Tabs value={filter} onValueChange={(value) => setParams({ filter: value }, { replace: true })}>
        <TabsList aria-label="Show invoices" className="mb-4">
          {FILTERS.map((f) => (
            <TabsTrigger key={f.value} value={f.value}>
              {f.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Every tab controls a panel (Radix keeps the others in place, hidden): the list of the chosen one. */}
        {FILTERS.map((f) => (
          <TabsContent key={f.value} value={f.value} className="mt-0">
            {f.value === filter ? <InvoiceList invoices={invoices} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
