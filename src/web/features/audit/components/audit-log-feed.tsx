import { History } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { toApiError } from "../../../lib/api";
import { useAuditLog } from "../api/list-audit-log";
import { AuditEntryList } from "./audit-entry-list";

/**
 * The audit log from the newest entry, "Show older" loading the next page below: the whole
 * agency's, or one client company's (its Activity). `limit` shows only the first entries, in
 * short, without the button (the dashboard's latest changes).
 */
export function AuditLogFeed({ companyId, limit }: { companyId?: string; limit?: number }) {
  const log = useAuditLog(companyId);
  if (!log.data) {
    if (log.isError) return <Alert tone="error">{toApiError(log.error).message}</Alert>;
    return <p className="text-muted-foreground">Loading...</p>;
  }
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0)
    return (
      <EmptyState icon={<History />} title="Nothing recorded yet">
        {companyId
          ? "Changes staff and the client's owner make to this company, its members and its settings appear here."
          : "Every change staff make, and every change owners make to their members and settings, is recorded here with who made it and from which address."}
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <AuditEntryList
        entries={limit === undefined ? entries : entries.slice(0, limit)}
        label={companyId ? "Activity, newest first" : "Audit log entries"}
        showCompany={!companyId}
        compact={limit !== undefined}
      />
      {limit === undefined && log.hasNextPage ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? "Loading..." : "Show older"}
        </Button>
      ) : null}
      {log.isFetchNextPageError ? <Alert tone="error">{toApiError(log.error).message}</Alert> : null}
    </div>
  );
}
