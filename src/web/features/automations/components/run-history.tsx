import { zodResolver } from "@hookform/resolvers/zod";
import { ExternalLink } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { RUN_STATUSES, RUN_STATUS_LABELS, zReportProblemRequest, type RunRow, type RunStatus, type TReportProblemRequest } from "../../../../shared/automations";
import { DAY_PATTERN } from "../../../../shared/days";
import { Alert } from "../../../components/ui/alert";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { formatDateTime } from "../../../lib/format";
import { useRuns } from "../api/list-runs";
import { useReportProblem } from "../api/report-problem";
import { explainRun } from "./run-explanation";

const RUN_TONES: Record<RunStatus, StatusTone> = { success: "success", failed: "danger", running: "info", skipped: "neutral" };

function ReportProblem({ automationId, run, onClose }: { automationId: string; run: RunRow; onClose: () => void }) {
  const mutation = useReportProblem(automationId);
  const form = useForm<TReportProblemRequest>({ resolver: zodResolver(zReportProblemRequest), defaultValues: { runId: run.id, message: "" } });
  const submit = form.handleSubmit((values) => mutation.mutate(values));
  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="success">{mutation.data.message}</Alert>
        <Button variant="outline" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={`Report a problem with the run of ${formatDateTime(run.startedAt)}`}>
      {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
      <FormField label="What went wrong?" error={form.formState.errors.message?.message} hint="For example: an invoice is missing, or a customer got two emails.">
        {(field) => <Textarea {...field} {...form.register("message")} maxLength={2000} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={mutation.isPending}>
          {mutation.isPending ? "Sending…" : "Send report"}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Runs newest first, filtered by status and dates (kept in the URL), with "Report a problem" on each. */
export function RunHistory({ automationId }: { automationId: string }) {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get("status");
  const status = (RUN_STATUSES as readonly string[]).includes(statusParam ?? "") ? (statusParam as RunStatus) : undefined;
  const from = DAY_PATTERN.test(params.get("from") ?? "") ? params.get("from")! : undefined;
  const to = DAY_PATTERN.test(params.get("to") ?? "") ? params.get("to")! : undefined;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const runs = useRuns(automationId, { status, from, to, page });
  const [reporting, setReporting] = useState<string | null>(null);
  const ids = { status: useId(), from: useId(), to: useId() };

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

  const pages = runs.data ? Math.max(1, Math.ceil(runs.data.total / runs.data.pageSize)) : 1;
  return (
    <section aria-labelledby="runs-heading" className="flex flex-col gap-4">
      <h2 id="runs-heading" className="text-lg font-semibold">
        Run history
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.status} className="text-sm font-medium">
            Result
          </label>
          <NativeSelect id={ids.status} value={status ?? ""} onChange={(e) => update({ status: e.target.value })}>
            <option value="">All results</option>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RUN_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.from} className="text-sm font-medium">
            From (UTC)
          </label>
          <Input id={ids.from} type="date" value={from ?? ""} max={to} onChange={(e) => update({ from: e.target.value })} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.to} className="text-sm font-medium">
            To (UTC)
          </label>
          <Input id={ids.to} type="date" value={to ?? ""} min={from} onChange={(e) => update({ to: e.target.value })} />
        </div>
      </div>
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
                <li key={run.id} className="flex flex-col gap-2 p-4">
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <StatusBadge tone={RUN_TONES[run.status]}>{RUN_STATUS_LABELS[run.status]}</StatusBadge>
                        <span className="text-sm font-medium">{formatDateTime(run.startedAt)}</span>
                        {run.minutesSaved > 0 ? <span className="text-xs text-muted-foreground">saved {run.minutesSaved} min</span> : null}
                      </div>
                      <p className={run.status === "failed" ? "mt-1 text-sm" : "mt-1 text-sm text-muted-foreground"}>{explainRun(run)}</p>
                      <p className="mt-1 text-xs text-muted-foreground">
                        Run {run.externalId}
                        {run.runUrl ? (
                          <>
                            {" · "}
                            <a href={run.runUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 hover:underline">
                              open in the platform <ExternalLink className="size-3" aria-hidden />
                              <span className="sr-only">(opens in a new tab)</span>
                            </a>
                          </>
                        ) : null}
                      </p>
                    </div>
                    {reporting !== run.id ? (
                      <Button variant="outline" size="sm" onClick={() => setReporting(run.id)} aria-label={`Report a problem with the run of ${formatDateTime(run.startedAt)}`}>
                        Report a problem
                      </Button>
                    ) : null}
                  </div>
                  {reporting === run.id ? <ReportProblem automationId={automationId} run={run} onClose={() => setReporting(null)} /> : null}
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav aria-label="Pages of runs" className="flex items-center justify-between gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
                Newer
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {page} of {pages.toLocaleString("en")}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                Older
              </Button>
            </nav>
          ) : null}
        </>
      ) : runs.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </section>
  );
}
