import { History } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { toApiError } from "../../../lib/api";
import { formatDateTime, relativeTime } from "../../../lib/format";
import { useClientActivity } from "../api/list-client-activity";
import { auditChanges } from "./audit-changes";
import type { TAuditEntry } from "../../../../shared/audit";

function Changes({ entry }: { entry: TAuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-md bg-muted/60 px-3 py-2 text-sm">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="text-muted-foreground">{change.field}</dt>
          <dd className="break-words">
            {change.before !== null && change.after !== null ? (
              <>
                {change.before}
                <span aria-hidden> → </span>
                <span className="sr-only"> changed to </span>
                <span className="font-medium">{change.after}</span>
              </>
            ) : (
              (change.after ?? change.before)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The Activity tab: the company's audit log, newest first, who did what, when and from where. */
export function ClientActivityTab({ companyId }: { companyId: string }) {
  const activity = useClientActivity(companyId);
  if (activity.isError) return <Alert tone="error">{toApiError(activity.error).message}</Alert>;
  if (!activity.data) return <p className="text-muted-foreground">Loading...</p>;
  const entries = activity.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0)
    return (
      <EmptyState icon={<History />} title="Nothing recorded yet">
        Changes staff and the client's owner make to this company, its members and its settings appear here.
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <ol className="divide-y rounded-xl border bg-card" aria-label="Activity, newest first">
        {entries.map((entry) => (
          <li key={entry.id} className="p-4">
            <p className="font-medium break-words">{entry.summary}</p>
            <p className="mt-1 text-sm break-words text-muted-foreground">
              By {entry.actorEmail ?? "an account that no longer exists"} ·{" "}
              <time dateTime={entry.createdAt} title={relativeTime(entry.createdAt)}>
                {formatDateTime(entry.createdAt)}
              </time>{" "}
              · from {entry.actorIp ?? "an unknown address"}
            </p>
            <Changes entry={entry} />
          </li>
        ))}
      </ol>
      {activity.hasNextPage ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage ? "Loading..." : "Show older"}
        </Button>
      ) : null}
    </div>
  );
}
