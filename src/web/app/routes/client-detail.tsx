import { ArrowLeft, SearchX } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { AuditLogFeed } from "../../features/audit/components/audit-log-feed";
import { ClientBillingTab } from "../../features/billing/components/client-billing-tab";
import { useClientCompany } from "../../features/companies/api/get-client-company";
import { useClientDashboard } from "../../features/companies/api/get-client-dashboard";
import { ClientMembersTab } from "../../features/companies/components/client-members-tab";
import { ClientOverview } from "../../features/companies/components/client-overview";
import { ClientRename } from "../../features/companies/components/client-rename";
import { ClientStatus } from "../../features/companies/components/client-status";
import { ConnectionsTab } from "../../features/connections/components/connections-tab";
import { DashboardFigures } from "../../features/dashboard/components/dashboard-figures";
import { ClientHoursPanel } from "../../features/hours/components/client-hours-panel";
import { usePlanQueue } from "../../features/plan/api/list-plan-queue";
import { PlanOverview } from "../../features/plan/components/plan-overview";
import { usePlans } from "../../features/pricing/api/pricing-query";
import { ClientReportsTab } from "../../features/reports/components/client-reports-tab";
import { CompanyAutomationsTab } from "../../features/staff-automations/components/company-automations-tab";
import { ClientTickets } from "../../features/support/components/client-tickets";
import { ViewAsClientButton } from "../../features/view-as/components/view-as-client-button";
import { ApiError, toApiError } from "../../lib/api";
import { formatDate, plural } from "../../lib/format";
import type { TGetClientCompanyResponse } from "../../../shared/client-detail";
import type { ReactNode } from "react";

type Detail = TGetClientCompanyResponse;

/** The Overview tab: the company's contacts and settings around the figures its people see. */
function OverviewTab({ detail }: { detail: Detail }) {
  const dashboard = useClientDashboard(detail.company.id);
  const figures = dashboard.isError ? (
    <Alert tone="error">{toApiError(dashboard.error).message}</Alert>
  ) : dashboard.data ? (
    <DashboardFigures data={dashboard.data} />
  ) : (
    <p className="text-muted-foreground">Loading...</p>
  );
  return <ClientOverview detail={detail} figures={figures} />;
}

/** The Billing tab: the plans on sale come from the plans feature, composed here. */
function BillingTab({ companyId }: { companyId: string }) {
  const plans = usePlans();
  return (
    <div className="flex flex-col gap-8">
      <ClientBillingTab companyId={companyId} plans={plans.data ?? []} />
      <ClientHoursPanel companyId={companyId} />
    </div>
  );
}

/** The detail's tabs, in order: a new tab is one more entry (its value is the `?tab=` of its address). */
const TABS: { value: string; label: string; render: (detail: Detail) => ReactNode }[] = [
  { value: "overview", label: "Overview", render: (detail) => <OverviewTab detail={detail} /> },
  {
    value: "automations",
    label: "Automations",
    render: (detail) => <CompanyAutomationsTab companyId={detail.company.id} companyName={detail.company.name} />,
  },
  {
    value: "connections",
    label: "Connections",
    render: (detail) => <ConnectionsTab companyId={detail.company.id} companyName={detail.company.name} />,
  },
  {
    value: "plan",
    label: "Plan",
    render: (detail) => (
      <PlanOverview
        useItems={usePlanQueue}
        companyId={detail.company.id}
        side="staff"
        defaultView="list"
        hrefOf={(id) => `/admin/plan/${id}`}
        empty={<p>{detail.company.name} has not asked for an automation yet.</p>}
      />
    ),
  },
  { value: "members", label: "Members", render: (detail) => <ClientMembersTab detail={detail} /> },
  { value: "tickets", label: "Tickets", render: (detail) => <ClientTickets companyId={detail.company.id} /> },
  { value: "billing", label: "Billing", render: (detail) => <BillingTab companyId={detail.company.id} /> },
  { value: "reports", label: "Reports", render: (detail) => <ClientReportsTab companyId={detail.company.id} /> },
  { value: "activity", label: "Activity", render: (detail) => <AuditLogFeed companyId={detail.company.id} /> },
];

/** The header's actions, in order, beside the company's name. */
const HEADER_ACTIONS: ((detail: Detail) => ReactNode)[] = [
  (detail) => <ClientStatus company={detail.company} />,
  (detail) => <ClientRename company={detail.company} />,
  (detail) => <ViewAsClientButton companyId={detail.company.id} companyName={detail.company.name} />,
];

function describe({ company, counts }: Detail): string {
  return [
    `Client since ${formatDate(company.createdAt)}`,
    plural(counts.members, "member"),
    ...(counts.openInvitations ? [plural(counts.openInvitations, "open invitation")] : []),
    `${counts.automationsLive} of ${plural(counts.automations, "automation")} live`,
  ].join(" · ");
}

function Breadcrumb({ name }: { name?: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted-foreground">
        <li className="flex items-center">
          <Link to="/clients" className="inline-flex items-center gap-1 hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden /> Clients
          </Link>
        </li>
        {name ? (
          <li aria-current="page" className="flex items-center before:mx-1 before:content-['/']">
            {name}
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

function NoSuchClient() {
  return (
    <>
      <Breadcrumb />
      <PageHeader title="No such client" />
      <EmptyState icon={<SearchX />} title="This client company does not exist">
        <p>The address may be mistyped, or the company was deleted.</p>
        <Link to="/clients" className={buttonClasses("outline", "sm", "mt-4")}>
          See all clients
        </Link>
      </EmptyState>
    </>
  );
}

export function Component() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const query = useClientCompany(id);
  const tab = TABS.some((t) => t.value === params.get("tab")) ? params.get("tab")! : TABS[0]!.value;

  if (query.error instanceof ApiError && query.error.status === 404) return <NoSuchClient />;
  if (query.isError)
    return (
      <>
        <Breadcrumb />
        <PageHeader title="Client" />
        <Alert tone="error">{toApiError(query.error).message}</Alert>
      </>
    );
  if (!query.data)
    return (
      <>
        <Breadcrumb />
        <p className="text-muted-foreground">Loading...</p>
      </>
    );

  const detail = query.data;
  const selectTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === TABS[0]!.value) next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <Breadcrumb name={detail.company.name} />
      <PageHeader
        title={detail.company.name}
        description={describe(detail)}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            {HEADER_ACTIONS.map((action, i) => (
              <span key={i}>{action(detail)}</span>
            ))}
          </div>
        }
      />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Client details" className="w-full justify-start overflow-x-auto sm:w-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.render(detail)}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
