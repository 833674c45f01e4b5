import { Bot, Search } from "lucide-react";
import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import { type AutomationDetail } from "../../../../shared/automation-responses";
import {
  DISPLAY_STATUSES,
  PLATFORM_LABELS,
  RUN_STATUS_LABELS,
  STATUS_LABELS,
  type DisplayStatus,
} from "../../../../shared/automations";
import { Alert } from "../../../components/ui/alert";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Sparkline } from "../../../components/ui/sparkline";
import { hours, percent, relativeTime } from "../../../lib/format";
import { useAutomations } from "../api/list-automations";
import { AutomationStatusBadge } from "./automation-status-badge";

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function AutomationRow({ automation: a, showCompany }: { automation: AutomationDetail; showCompany: boolean }) {
  const trendTotal = a.trend14d.reduce((sum, n) => sum + n, 0);
  return (
    <Card className="p-5">
      <div className="flex flex-col gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold">
              <Link to={`/my-automations/${a.id}`} className="hover:underline">
                {a.name}
              </Link>
            </h2>
            <AutomationStatusBadge status={a.status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{a.purpose}</p>
          <p className="mt-2 text-xs text-muted-foreground">
            {PLATFORM_LABELS[a.platform]}
            {showCompany ? ` · ${a.companyName}` : ""} · Last run {relativeTime(a.lastRunAt)}
            {a.lastRunStatus ? ` (${RUN_STATUS_LABELS[a.lastRunStatus].toLowerCase()})` : ""}
          </p>
        </div>
        <dl className="grid grid-cols-3 gap-x-6 gap-y-3 border-t pt-4 text-sm sm:grid-cols-6">
          <Figure label="Success 7 d" value={percent(a.successRate7d)} />
          <Figure label="Success 30 d" value={percent(a.successRate30d)} />
          <Figure label="Runs this month" value={a.runsThisMonth.toLocaleString("en")} />
          <Figure label="Saved this month" value={hours(a.minutesSavedThisMonth)} />
          <Figure label="Saved in total" value={hours(a.minutesSavedLifetime)} />
          <div>
            <dt className="text-xs text-muted-foreground">14-day trend</dt>
            <dd>
              <Sparkline
                values={a.trend14d}
                label={`Runs per day over the last 14 days, ${trendTotal} in total: ${a.trend14d.join(", ")}`}
              />
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

/** The company's automations with their figures; search and status filter live in the URL. */
export function AutomationList({ showCompany = false }: { showCompany?: boolean }) {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const statusParam = params.get("status");
  const status = (DISPLAY_STATUSES as readonly string[]).includes(statusParam ?? "")
    ? (statusParam as DisplayStatus)
    : undefined;
  const query = useAutomations({ search: search.trim() || undefined, status });
  const searchId = useId();
  const statusId = useId();

  const update = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const filtered = Boolean(search || status);
  return (
    <div className="flex flex-col gap-5">
      <form role="search" className="flex flex-col gap-3 sm:flex-row" onSubmit={(event) => event.preventDefault()}>
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search automations
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search by name or purpose"
            className="pl-9"
            value={search}
            onChange={(e) => update("search", e.target.value)}
          />
        </div>
        <div className="sm:w-48">
          <label htmlFor={statusId} className="sr-only">
            Status
          </label>
          <NativeSelect id={statusId} value={status ?? ""} onChange={(e) => update("status", e.target.value)}>
            <option value="">All statuses</option>
            {DISPLAY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </form>
      {query.isError ? <Alert tone="error">{query.error.message}</Alert> : null}
      {query.data ? (
        query.data.automations.length === 0 ? (
          filtered ? (
            <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
              No automation matches this search.
            </p>
          ) : (
            <EmptyState icon={<Bot />} title="No automations yet">
              When the agency switches on an automation for your company, it appears here with its status, its latest
              runs, its success rate and the hours it saves you.
            </EmptyState>
          )
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {query.data.automations.length} automation{query.data.automations.length === 1 ? "" : "s"}
            </p>
            <ul className="flex flex-col gap-3">
              {query.data.automations.map((automation) => (
                <li key={automation.id}>
                  <AutomationRow automation={automation} showCompany={showCompany} />
                </li>
              ))}
            </ul>
          </>
        )
      ) : query.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </div>
  );
}
