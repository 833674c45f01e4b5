import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { useReadOnly } from "../../components/layout/read-only";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { useMe } from "../../features/account/api/get-me";
import { useAutomation } from "../../features/automations/api/get-automation";
import { AutomationOverview } from "../../features/automations/components/automation-overview";
import { RunExport } from "../../features/automations/components/run-export";
import { RunHistory } from "../../features/automations/components/run-history";
import { ApiError } from "../../lib/api";

/** Staff may retry a failed run of an n8n automation in n8n (the server checks that its workflow is linked). */
const retryCompanyOf = (automation: { platform: string; companyId: string }, staff: boolean) =>
  staff && automation.platform === "n8n" ? automation.companyId : undefined;

export function Component() {
  const { id = "" } = useParams();
  const automation = useAutomation(id);
  const me = useMe();
  // Staff (not viewing a company as its client) read it as the agency: whose it is, their own actions.
  const staff = me.data?.user.role === "admin" && !me.data.viewingAs;
  const readOnly = useReadOnly();
  return (
    <>
      <Link
        to={staff ? "/admin/automations?kind=all" : "/my-automations"}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {staff ? "All client automations" : "All automations"}
      </Link>
      <PageHeader
        title={automation.data?.name ?? "Automation"}
        description={
          staff && automation.data
            ? `${automation.data.companyName} · ${automation.data.purpose}`
            : automation.data?.purpose
        }
        actions={
          staff && automation.data ? (
            <Link to={`/clients/${automation.data.companyId}`} className={buttonClasses("outline", "sm")}>
              Open {automation.data.companyName} in Clients
            </Link>
          ) : undefined
        }
      />
      {automation.isError ? (
        <Alert tone="error">
          {automation.error instanceof ApiError && automation.error.status === 404
            ? staff
              ? "There is no such automation."
              : "There is no such automation in your company."
            : automation.error.message}
        </Alert>
      ) : automation.data ? (
        <div className="flex flex-col gap-8">
          <AutomationOverview automation={automation.data} forStaff={staff} />
          <RunHistory
            automationId={automation.data.id}
            canReport={!staff && !readOnly}
            retryCompanyId={retryCompanyOf(automation.data, staff)}
          />
          <RunExport automationId={automation.data.id} />
        </div>
      ) : (
        <p className="text-muted-foreground">Loading...</p>
      )}
    </>
  );
}
