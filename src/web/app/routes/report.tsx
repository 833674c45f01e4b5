import { ArrowLeft, Download, Printer } from "lucide-react";
import { Link, useParams } from "react-router";
import { monthName, shortDay } from "../../../shared/reports-labels";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { reportPdfUrl, useReport } from "../../features/reports/api/get-report";
import { ReportDocument } from "../../features/reports/components/report-document";
import { toApiError } from "../../lib/api";

/** /reports/:month: one month's report as a page to read and print, with its PDF. */
export function Component() {
  const { month = "" } = useParams();
  const query = useReport(null, month);
  const back = (
    <Link
      to="/reports"
      className="mb-4 inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline print:hidden"
    >
      <ArrowLeft className="size-4" aria-hidden /> All reports
    </Link>
  );
  if (query.isError)
    return (
      <>
        {back}
        <Alert tone="error">{toApiError(query.error).message}</Alert>
      </>
    );
  if (!query.data) return <p className="text-muted-foreground">Loading...</p>;
  const { report } = query.data;
  return (
    <>
      {back}
      <PageHeader
        title={`Monthly report: ${monthName(report.month)}`}
        description={`${report.company.name} · ${shortDay(report.from)} – ${shortDay(report.to)}, days in ${report.company.timeZone}`}
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden /> Print
            </Button>
            <a href={reportPdfUrl(null, report.month)} download className={buttonClasses("default", "default")}>
              <Download aria-hidden /> Download PDF
            </a>
          </div>
        }
      />
      <ReportDocument report={report} />
    </>
  );
}
