import { CreditCard } from "lucide-react";
import { PageHeader } from "../../components/layout/page-header";
import { EmptyState } from "../../components/ui/empty-state";

export function Component() {
  return (
    <>
      <PageHeader title="Billing" description="Your plan, its usage and your invoices." />
      <EmptyState icon={<CreditCard />} title="No plan or invoices yet">
        Your plan, its run allowance and every invoice the agency issues will be listed here, each one printable.
      </EmptyState>
    </>
  );
}
