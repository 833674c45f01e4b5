import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { useAutomation } from "../../features/automations/api/get-automation";
import { AutomationOverview } from "../../features/automations/components/automation-overview";
import { RunHistory } from "../../features/automations/components/run-history";
import { ApiError } from "../../lib/api";

export function Component() {
  const { id = "" } = useParams();
  const automation = useAutomation(id);
  return (
    <>
      <Link
        to="/my-automations"
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> All automations
      </Link>
      <PageHeader title={automation.data?.name ?? "Automation"} description={automation.data?.purpose} />
      {automation.isError ? (
        <Alert tone="error">
          {automation.error instanceof ApiError && automation.error.status === 404
            ? "There is no such automation in your company."
            : automation.error.message}
        </Alert>
      ) : automation.data ? (
        <div className="flex flex-col gap-8">
          <AutomationOverview automation={automation.data} />
          <RunHistory automationId={automation.data.id} />
        </div>
      ) : (
        <p className="text-muted-foreground">Loading...</p>
      )}
    </>
  );
}
