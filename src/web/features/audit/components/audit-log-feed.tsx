import { ScrollText } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { toApiError } from "../../../lib/api";
import { useAuditLog } from "../api/list-audit-log";
import { AuditEntryList } from "./audit-entry-list";

/**
 * The audit log from the newest entry; "Show older" loads the next page below. `limit` shows only
 * the first entries (the dashboard's "latest changes"), without the button.
 */
export function AuditLogFeed({ limit }: { limit?: number }) {
  const log = useAuditLog();
  if (!log.data) {
    if (log.isError) return <Alert tone="error">{toApiError(log.error).message}</Alert>;
    return <p className="text-muted-foreground">Loading...</p>;
  }
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0)
    return (
      <EmptyState icon={<ScrollText />} title="Nothing recorded yet">
        Every change staff make, and every change owners make to their members and settings, is recorded here with who
        made it and from which address.
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <AuditEntryList entries={limit === undefined ? entries : entries.slice(0, limit)} />
      {limit === undefined && log.hasNextPage ? (
        <div>
          <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? "Loading..." : "Show older"}
          </Button>
        </div>
      ) : null}
      {log.isFetchNextPageError ? <Alert tone="error">{toApiError(log.error).message}</Alert> : null}
    </div>
  );
}
