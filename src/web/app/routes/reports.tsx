import { PageHeader } from "../../components/layout/page-header";
import { ReportsList } from "../../features/reports/components/reports-list";

/** /reports: the company's monthly value reports, newest first. */
export function Component() {
  return (
    <>
      <PageHeader
        title="Reports"
        description="Each month: the hours your automations saved and their value against what you paid, runs, incidents, support and the plan."
      />
      <ReportsList />
    </>
  );
}
