import { Clock } from "lucide-react";
import { formatMinutes } from "../../../../shared/hours-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { toApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useHours } from "../api/get-hours";
import { useDecideExtraHours } from "../api/hours-actions";
import { BurnDown, HoursFigures } from "./hours-figures";
import { TimeEntryTable } from "./time-entry-table";
import type { THoursSummary } from "../../../../shared/hours";

/** The owner's decision on the time beyond the budget, with the figure they confirm. */
function ApproveExtra({ hours, canDecide }: { hours: THoursSummary; canDecide: boolean }) {
  const decide = useDecideExtraHours();
  const extra = formatMinutes(hours.awaitingMinutes);
  const server = decide.isError ? toApiError(decide.error) : undefined;
  // The block unmounts once nothing awaits approval, so the toast follows the promise, not a callback of the mutation.
  const act = (decision: "approve" | "decline") =>
    decide
      .mutateAsync({ decision, confirmedMinutes: hours.awaitingMinutes })
      .then(() =>
        toast.success(decision === "approve" ? `${extra} of extra work approved.` : `${extra} of extra work declined.`),
      )
      .catch(() => undefined);
  return (
    <div
      role="region"
      aria-label="Extra work awaiting approval"
      className="flex flex-col gap-2 rounded-md border border-warning/50 p-3"
    >
      <p className="text-sm">
        {extra} of work beyond your hours is awaiting approval. Approved time is billed as extra hours; declined time is
        not billed.
      </p>
      {canDecide ? (
        <div className="flex flex-wrap gap-2">
          <Button disabled={decide.isPending} onClick={() => act("approve")}>
            Approve {extra} of extra work
          </Button>
          <Button variant="outline" disabled={decide.isPending} onClick={() => act("decline")}>
            Decline {extra} of extra work
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Only your company's owner can approve or decline it.</p>
      )}
      {server ? <Alert tone="error">{server.message}</Alert> : null}
    </div>
  );
}

/** The client's "Hours this month" on /billing: the figures, the burn-down, approval, and the entries. */
export function HoursThisMonth({ canDecide }: { canDecide: boolean }) {
  const query = useHours();
  if (query.isError) return <Alert tone="error">{toApiError(query.error).message}</Alert>;
  if (!query.data) return <p className="text-muted-foreground">Loading hours...</p>;
  const { hours, entries } = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Hours this month</CardTitle>
        <CardDescription>
          The agency's time on your account from {formatDate(hours.firstDay)} to {formatDate(hours.lastDay)}, against
          the hours your plan includes.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <HoursFigures hours={hours} />
        {hours.awaitingMinutes > 0 ? <ApproveExtra hours={hours} canDecide={canDecide} /> : null}
        <BurnDown hours={hours} />
        {entries.length === 0 ? (
          <EmptyState icon={<Clock aria-hidden />} title="No time logged yet this month">
            Each piece of work the agency does for you appears here with its date, who did it and how long it took.
          </EmptyState>
        ) : (
          <TimeEntryTable label="Time logged this month" entries={entries} />
        )}
      </CardContent>
    </Card>
  );
}
