import { useEffect, useRef, useState, type RefObject } from "react";
import { useSearchParams } from "react-router";
import { RUN_STATUSES, type RunStatus } from "../../../../shared/automations";
import { DAY_PATTERN } from "../../../../shared/days";
import { Alert } from "../../../components/ui/alert";
import { count, formatDateTime } from "../../../lib/format";
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
  // A page's cursor, as the API gave it (a malformed one is answered with a readable error).
  const before = params.get("before") || undefined;
  const after = before ? undefined : params.get("after") || undefined;
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // A new filter starts again from the newest runs.
        if (!("before" in changes || "after" in changes)) {
          next.delete("before");
          next.delete("after");
        }
        return next;
      },
      // Paging and filtering keep the page where it is (no jump to the top).
      { replace: true, preventScrollReset: true },
    );
  return { status, from, to, before, after, update };
}

/** Runs newest first, filtered by status and dates (kept in the URL), with "Report a problem" on each. */
export function RunHistory({
  automationId,
  canReport = true,
  retryCompanyId,
}: {
  automationId: string;
  canReport?: boolean;
  /** Staff: the automation's company, to offer "Retry in n8n" on failed runs. */
  retryCompanyId?: string;
}) {
  const { status, from, to, before, after, update } = useRunQuery();
  // A From date after the To date matches nothing by definition: say so instead of "0 runs".
  const backwards = Boolean(from && to && from > to);
  const runs = useRuns(automationId, { status, from, to, before, after }, !backwards);
  const [reporting, setReporting] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const paged = useRef(false);
  const goTo = (changes: Record<string, string | undefined>) => {
    paged.current = true;
    update(changes);
  };
  // After paging, the runs stay in view and keyboard focus lands on them, not at the top of the page.
  useEffect(() => {
    if (!paged.current || !runs.data) return;
    paged.current = false;
    list.current?.focus({ preventScroll: true });
    list.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  }, [runs.data]);

  const data = backwards ? undefined : runs.data;
  return (
    <section aria-labelledby="runs-heading" className="flex flex-col gap-4">
      <h2 id="runs-heading" className="text-lg font-semibold">
        Run history
      </h2>
      <RunFilters status={status} from={from} to={to} update={update} />
      {backwards ? (
        <Alert tone="error">The From date is after the To date: change one of them to see runs.</Alert>
      ) : null}
      {runs.isError && !backwards ? <Alert tone="error">{runs.error.message}</Alert> : null}
      {data ? (
        <>
          <RunsSummary data={data} filtered={Boolean(status || from || to)} />
          <RunList
            runs={data.runs}
            filtered={Boolean(status || from || to)}
            listRef={list}
            automationId={automationId}
            canReport={canReport}
            retryCompanyId={retryCompanyId}
            reporting={reporting}
            setReporting={setReporting}
          />
          {data.olderCursor || data.newerCursor || to ? (
            <RunPager olderCursor={data.olderCursor} newerCursor={data.newerCursor} to={to} update={goTo} />
          ) : null}
        </>
      ) : runs.isPending && !backwards ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </section>
  );
}

type RunsPage = NonNullable<ReturnType<typeof useRuns>["data"]>;

/** How many runs match, and the times this page spans. */
function RunsSummary({ data, filtered }: { data: RunsPage; filtered: boolean }) {
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      {data.total === 1 ? "1 run" : `${count(data.total)} runs`}
      {filtered ? " matching these filters" : ""}
      {data.runs.length > 0
        ? ` · this page from ${formatDateTime(data.runs.at(-1)!.startedAt)} to ${formatDateTime(data.runs[0]!.startedAt)}`
        : ""}
    </p>
  );
}

/** The page's runs, each with its report button, or a line saying there are none. */
function RunList({
  runs,
  filtered,
  listRef,
  automationId,
  canReport,
  retryCompanyId,
  reporting,
  setReporting,
}: {
  runs: RunsPage["runs"];
  filtered: boolean;
  listRef: RefObject<HTMLUListElement | null>;
  automationId: string;
  canReport: boolean;
  retryCompanyId?: string;
  reporting: string | null;
  setReporting: (runId: string | null) => void;
}) {
  return runs.length === 0 ? (
    <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
      {filtered ? "No run matches these filters." : "No run has been reported yet."}
    </p>
  ) : (
    <ul
      ref={listRef}
      tabIndex={-1}
      className="flex scroll-mt-20 flex-col divide-y rounded-xl border bg-card outline-none focus-visible:outline-2 focus-visible:outline-ring"
      aria-label="Runs"
    >
      {runs.map((run) => (
        <RunRow
          key={run.id}
          automationId={automationId}
          run={run}
          canReport={canReport}
          retryCompanyId={retryCompanyId}
          reporting={reporting === run.id}
          onReport={() => setReporting(run.id)}
          onClose={() => setReporting(null)}
        />
      ))}
    </ul>
  );
}
