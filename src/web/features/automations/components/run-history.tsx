import { useState } from "react";
import { useSearchParams } from "react-router";
import { RUN_STATUSES, type RunStatus } from "../../../../shared/automations";
import { DAY_PATTERN } from "../../../../shared/days";
import { Alert } from "../../../components/ui/alert";
import { useRuns } from "../api/list-runs";
import { RunFilters } from "./run-filters";
import { RunPager } from "./run-pager";
import { RunRow } from "./run-row";

/** The run history's filters and page, read from and written to the URL. */
function useRunQuery() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get("status");
  const status = (RUN_STATUSES as readonly string[]).includes(statusParam ?? "")
    ? (statusParam as RunStatus)
    : undefined;
  const from = DAY_PATTERN.test(params.get("from") ?? "") ? params.get("from")! : undefined;
  const to = DAY_PATTERN.test(params.get("to") ?? "") ? params.get("to")! : undefined;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { replace: true },
    );
  return { status, from, to, page, update };
}

/** Runs newest first, filtered by status and dates (kept in the URL), with "Report a problem" on each. */
export function RunHistory({ automationId }: { automationId: string }) {
  const { status, from, to, page, update } = useRunQuery();
  const runs = useRuns(automationId, { status, from, to, page });
  const [reporting, setReporting] = useState<string | null>(null);

  const pages = runs.data ? Math.max(1, Math.ceil(runs.data.total / runs.data.pageSize)) : 1;
  return (
    <section aria-labelledby="runs-heading" className="flex flex-col gap-4">
      <h2 id="runs-heading" className="text-lg font-semibold">
        Run history
      </h2>
      <RunFilters status={status} from={from} to={to} update={update} />
      {runs.isError ? <Alert tone="error">{runs.error.message}</Alert> : null}
      {runs.data ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {runs.data.total.toLocaleString("en")} run{runs.data.total === 1 ? "" : "s"}
            {status || from || to ? " match these filters" : ""}
          </p>
          {runs.data.runs.length === 0 ? (
            <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
              {status || from || to ? "No run matches these filters." : "No run has been reported yet."}
            </p>
          ) : (
            <ul className="flex flex-col divide-y rounded-xl border bg-card" aria-label="Runs">
              {runs.data.runs.map((run) => (
                <RunRow
                  key={run.id}
                  automationId={automationId}
                  run={run}
                  reporting={reporting === run.id}
                  onReport={() => setReporting(run.id)}
                  onClose={() => setReporting(null)}
                />
              ))}
            </ul>
          )}
          {pages > 1 ? <RunPager page={page} pages={pages} update={update} /> : null}
        </>
      ) : runs.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </section>
  );
}
