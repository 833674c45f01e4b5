import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pager } from "../../../components/ui/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { everyLabel, formatDateTime, plural, relativeTime } from "../../../lib/format";
import { useAttentionAutomations } from "../api/list-attention-automations";
import type { AttentionKind, TAttentionAutomation } from "../../../../shared/admin";

const sticky = "sticky left-0 z-10 bg-card";

function Since({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-muted-foreground">—</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="whitespace-nowrap">
      {relativeTime(iso)}
    </time>
  );
}

function Row({ row, kind }: { row: TAttentionAutomation; kind: AttentionKind }) {
  return (
    <TableRow>
      <TableHead scope="row" className={`${sticky} font-medium`}>
        <Link to={screenPath("/clients/:id", { id: row.company.id })} className="hover:underline">
          {row.company.name}
        </Link>
      </TableHead>
      <TableCell>
        <Link
          to={screenPath("/clients/:id", { id: row.company.id }, { tab: "automations" })}
          className="font-medium text-primary hover:underline"
        >
          {row.automation.name}
        </Link>
      </TableCell>
      <TableCell>
        <Since iso={row.since} />
      </TableCell>
      <TableCell className="max-w-md min-w-56">
        {kind === "failing" ? (
          <>
            <span className="break-words">{row.lastError ?? "No error message was reported."}</span>
            <span className="block text-xs text-muted-foreground">
              {plural(row.consecutiveFailures, "failure")} in a row
            </span>
          </>
        ) : row.expectedEveryMinutes ? (
          `Expected every ${everyLabel(row.expectedEveryMinutes)}`
        ) : (
          "No schedule"
        )}
      </TableCell>
      <TableCell>
        <Since iso={row.lastRunAt} />
      </TableCell>
    </TableRow>
  );
}

/** Failing or Stale automations across clients; each opens its client's automations. */
export function AttentionTable({
  kind,
  page,
  onPage,
}: {
  kind: AttentionKind;
  page: number;
  onPage: (page: number) => void;
}) {
  const query = useAttentionAutomations(kind, page);
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (!query.data) return <p className="text-muted-foreground">Loading...</p>;
  const { automations, total, pageSize } = query.data;
  if (total === 0)
    return (
      <EmptyState
        icon={<CircleCheck />}
        title={kind === "failing" ? "No automation is failing" : "No automation is stale"}
      >
        {kind === "failing"
          ? "Every live automation's latest runs succeeded, or failed fewer times in a row than its alert threshold."
          : "Every live automation with a schedule has run within it."}
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {plural(total, "automation")} {kind}
      </p>
      <Table label={kind === "failing" ? "Failing automations" : "Stale automations"}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className={sticky}>
              Client
            </TableHead>
            <TableHead scope="col">Automation</TableHead>
            <TableHead scope="col">{kind === "failing" ? "Failing since" : "Stale since"}</TableHead>
            <TableHead scope="col">{kind === "failing" ? "Last error" : "Schedule"}</TableHead>
            <TableHead scope="col">Last run</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {automations.map((row) => (
            <Row key={row.automation.id} row={row} kind={kind} />
          ))}
        </TableBody>
      </Table>
      <Pager label="Pages of automations" page={page} pageSize={pageSize} total={total} onPage={onPage} />
    </div>
  );
}
