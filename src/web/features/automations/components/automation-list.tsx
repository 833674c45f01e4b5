import { Bot } from "lucide-react";
import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import {
  DISPLAY_STATUSES,
  PLATFORM_LABELS,
  RUN_STATUS_LABELS,
  STATUS_LABELS,
  type DisplayStatus,
} from "../../../../shared/automations-labels";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { NativeSelect } from "../../../components/ui/native-select";
import { SearchInput } from "../../../components/ui/search-input";
import { Sparkline } from "../../../components/ui/sparkline";
import { count, hours, percent, relativeTime } from "../../../lib/format";
import { oneOf, withChanges } from "../../../lib/search-params";
import { useAutomations } from "../api/list-automations";
import { AutomationStatusBadge } from "./automation-status-badge";
import type { AutomationDetail } from "../../../../shared/automations";

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
              <Link to={screenPath("/my-automations/:id", { id: a.id })} className="hover:underline">
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
          <Figure label="Runs this month" value={count(a.runsThisMonth)} />
          <Figure label="Saved this month" value={hours(a.minutesSavedThisMonth)} />
          <Figure label="Saved in total" value={hours(a.minutesSavedLifetime)} />
          <div>
            <dt className="text-xs text-muted-foreground">14-day trend</dt>
            <dd>
              <Sparkline
                values={a.trend14d}
                partialLast
                label={`Runs per day over the last 14 days, ${trendTotal} in total: ${a.trend14d.slice(0, -1).join(", ")}; today so far, ${a.trend14d.at(-1) ?? 0}`}
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
  const status = oneOf<DisplayStatus>(DISPLAY_STATUSES, params.get("status"));
  const query = useAutomations({ search: search.trim() || undefined, status });
  const statusId = useId();

  const update = (key: string, value: string) =>
    setParams((current) => withChanges(current, { [key]: value }), { replace: true });

  const filtered = Boolean(search || status);
  return (
    <div className="flex flex-col gap-5">
      <form role="search" className="flex flex-col gap-3 sm:flex-row" onSubmit={(event) => event.preventDefault()}>
        <SearchInput
          label="Search automations"
          placeholder="Search by name or purpose"
          className="flex-1"
          value={search}
          onSearch={(text) => update("search", text)}
        />
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
              {showCompany
                ? "No client company has an automation yet. Add one from a client's page under Clients."
                : "When the agency switches on an automation for your company, it appears here with its status, its latest runs, its success rate and the hours it saves you."}
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
