import { Building2 } from "lucide-react";
import { PageHeader } from "../../components/layout/page-header";
import { EmptyState } from "../../components/ui/empty-state";
import { useAdminOverview } from "../../features/admin/api/get-admin-overview";

function ClientCount() {
  const overview = useAdminOverview();
  const companies = overview.data?.companies;
  return (
    <EmptyState
      icon={<Building2 />}
      title={
        companies === undefined
          ? "Client companies"
          : `${companies.toLocaleString()} client ${companies === 1 ? "company" : "companies"}`
      }
    >
      Every company that signs up gets its own portal. The table of companies, with their plan, automations and open
      tickets, is built on this page next.
    </EmptyState>
  );
}

export function Component() {
  return (
    <>
      <PageHeader title="Clients" description="Every client company of the agency." />
      <ClientCount />
    </>
  );
}
