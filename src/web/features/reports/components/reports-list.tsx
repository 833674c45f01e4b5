import { FileText } from "lucide-react";
import { Link } from "react-router";
import { monthName } from "../../../../shared/reports-labels";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Skeleton } from "../../../components/ui/skeleton";
import { toApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { useReports } from "../api/list-reports";

/** The member's company's monthly reports, newest first, each a link to its page. */
export function ReportsList() {
  const query = useReports(null);
  if (query.isPending) return <Skeleton className="h-48" />;
  if (query.isError) return <Alert tone="error">{toApiError(query.error).message}</Alert>;
  return (
    <ul className="flex flex-col divide-y rounded-xl border bg-card" aria-label="Monthly reports">
      {query.data.months.map((m) => (
        <li key={m.month}>
          <Link
            to={screenPath("/reports/:month", { month: m.month })}
            className="flex flex-wrap items-center gap-3 px-4 py-3 hover:bg-muted focus-visible:bg-muted"
          >
            <FileText className="size-4 text-muted-foreground" aria-hidden />
            <span className="font-medium">{monthName(m.month)}</span>
            {m.complete ? null : <Badge variant="secondary">Month so far</Badge>}
            {m.partial ? <Badge variant="outline">Partial month</Badge> : null}
            <span className="ml-auto text-xs text-muted-foreground">
              {m.sentAt
                ? `Mailed ${formatDate(m.sentAt)}`
                : m.complete
                  ? "Not mailed"
                  : "Mailed when the month is over"}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
