import { ExternalLink, MoreHorizontal } from "lucide-react";
import { type RunRow as Run } from "../../../../shared/automations";
import { RUN_STATUS_LABELS, type RunStatus } from "../../../../shared/automations";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { toApiError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useRetryRun } from "../api/retry-run";
import { ReportProblemForm } from "./report-problem-form";
import { explainRun } from "./run-explanation";

const RUN_TONES: Record<RunStatus, StatusTone> = {
  success: "success",
  failed: "danger",
  running: "info",
  skipped: "neutral",
};

interface RunRowProps {
  automationId: string;
  run: Run;
  /** Clients report problems; staff (who would report to themselves) are not offered it. */
  canReport: boolean;
  /** Staff: the automation's company, to offer "Retry in n8n" on a failed run not yet retried. */
  retryCompanyId?: string;
  /** Whether this run's "Report a problem" form is open (one at a time in the list). */
  reporting: boolean;
  onReport: () => void;
  onClose: () => void;
}

/** Runs that went wrong offer "Report a problem" at once; any other run the client picks, in its menu. */
const REPORT_AT_ONCE: RunStatus[] = ["failed", "skipped"];

function ReportAction({ run, onReport }: { run: Run; onReport: () => void }) {
  const when = formatDateTime(run.startedAt);
  if (REPORT_AT_ONCE.includes(run.status)) {
    return (
      <Button variant="outline" size="sm" onClick={onReport} aria-label={`Report a problem with the run of ${when}`}>
        Report a problem
      </Button>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`More for the run of ${when}`}>
          <MoreHorizontal className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onReport}>Report a problem with this run</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const RETRY_OUTCOME: Record<RunStatus, string> = {
  success: "it succeeded",
  failed: "it failed again",
  running: "it is still running",
  skipped: "it was skipped",
};

/** A retry says what it retried; a retried run says how its retry went. */
function RetryNote({ run }: { run: Run }) {
  if (!run.retryOf && !run.retriedAs) return null;
  const retried = run.retriedAs;
  return (
    <p className="mt-1 text-xs">
      {run.retryOf ? (
        <>
          Retry of{" "}
          <a href={`#run-${run.retryOf}`} className="underline">
            run {run.retryOf}
          </a>
          .
        </>
      ) : null}
      {run.retryOf && retried ? " " : null}
      {retried
        ? `Retried as run ${retried.externalId}: ${retried.status ? RETRY_OUTCOME[retried.status] : "waiting for its result"}.`
        : null}
    </p>
  );
}

/** One run: its result, when, what it did in words, a link to the platform, and "Report a problem". */
function RetryAction({ companyId, automationId, run }: { companyId: string; automationId: string; run: Run }) {
  const retry = useRetryRun(companyId, automationId);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={retry.isPending}
      aria-label={`Retry in n8n the run of ${formatDateTime(run.startedAt)}`}
      onClick={() =>
        retry.mutate(run.id, {
          onSuccess: (answer) => toast.success(answer.message),
          onError: (error) => toast.error(toApiError(error).message),
        })
      }
    >
      {retry.isPending ? "Retrying…" : "Retry in n8n"}
    </Button>
  );
}

export function RunRow({ automationId, run, canReport, retryCompanyId, reporting, onReport, onClose }: RunRowProps) {
  const retryable = Boolean(retryCompanyId) && run.status === "failed" && !run.retriedAs;
  return (
    <li id={`run-${run.externalId}`} className="flex scroll-mt-20 flex-col gap-2 p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge tone={RUN_TONES[run.status]}>{RUN_STATUS_LABELS[run.status]}</StatusBadge>
            <span className="text-sm font-medium">{formatDateTime(run.startedAt)}</span>
            {run.minutesSaved > 0 ? (
              <span className="text-xs text-muted-foreground">saved {run.minutesSaved} min</span>
            ) : null}
          </div>
          <p className={run.status === "failed" ? "mt-1 text-sm" : "mt-1 text-sm text-muted-foreground"}>
            {explainRun(run)}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            Run {run.externalId}
            {run.runUrl ? (
              <>
                {" · "}
                <a
                  href={run.runUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="inline-flex items-center gap-1 hover:underline"
                >
                  open in the platform <ExternalLink className="size-3" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </>
            ) : null}
          </p>
          <RetryNote run={run} />
        </div>
        <div className="flex flex-wrap gap-2">
          {retryable ? <RetryAction companyId={retryCompanyId!} automationId={automationId} run={run} /> : null}
          {canReport && !reporting ? <ReportAction run={run} onReport={onReport} /> : null}
        </div>
      </div>
      {reporting ? <ReportProblemForm automationId={automationId} run={run} onClose={onClose} /> : null}
    </li>
  );
}
