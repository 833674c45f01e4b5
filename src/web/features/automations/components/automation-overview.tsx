import { PLATFORM_LABELS } from "../../../../shared/automations-labels";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Sparkline } from "../../../components/ui/sparkline";
import { count, everyLabel, formatDate, hours, percent, plural, relativeTime } from "../../../lib/format";
import { AutomationStatusBadge } from "./automation-status-badge";
import type { AutomationDetail } from "../../../../shared/automations";

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <CardHeader className="p-5">
        <CardDescription>{label}</CardDescription>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardHeader>
    </Card>
  );
}

const STATUS_TEXT: Record<AutomationDetail["status"], (a: AutomationDetail) => string> = {
  live: () => "Running as planned.",
  building: () => "The agency is still building this automation.",
  paused: () => "Paused: it does not run until the agency switches it back on.",
  retired: () => "Retired: switched off for good. Its runs and the time it saved stay here.",
  failing: (a) =>
    `It has failed ${plural(a.consecutiveFailures, "time")} in a row. The agency has been alerted and is on it.`,
  stale: (a) =>
    `No run has arrived ${a.lastRunAt ? `since ${relativeTime(a.lastRunAt)}` : "yet"}, although it should run at least once every ${everyLabel(a.expectedEveryMinutes ?? 0)}. The agency is checking it.`,
};

/** The same states as staff read them: what to act on, not reassurance written to a client. */
const STAFF_STATUS_TEXT: typeof STATUS_TEXT = {
  ...STATUS_TEXT,
  building: () => "Still being built: not live for the client yet.",
  paused: () => "Paused: it does not run until someone at the agency switches it back on.",
  failing: (a) =>
    `It has failed ${plural(a.consecutiveFailures, "time")} in a row: an incident is open and the client sees it as failing.`,
  stale: (a) =>
    `No run has arrived ${a.lastRunAt ? `since ${relativeTime(a.lastRunAt)}` : "yet"}, although it should run at least once every ${everyLabel(a.expectedEveryMinutes ?? 0)}: the client sees it as stale.`,
};

/** Who, what, how healthy, and how the time saved is counted. */
export function AutomationOverview({
  automation: a,
  forStaff = false,
}: {
  automation: AutomationDetail;
  /** Staff (not viewing as the client) read the states in the agency's words. */
  forStaff?: boolean;
}) {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>About this automation</CardTitle>
            <AutomationStatusBadge status={a.status} />
          </div>
          <CardDescription>{(forStaff ? STAFF_STATUS_TEXT : STATUS_TEXT)[a.status](a)}</CardDescription>
        </CardHeader>
        <CardContent>
          <AutomationFacts automation={a} />
        </CardContent>
      </Card>

      <AutomationFigures automation={a} />
    </div>
  );
}

/** What it does, what starts it, where it runs, when it should, and who registered it. */
function AutomationFacts({ automation: a }: { automation: AutomationDetail }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">What it does</dt>
        <dd>{a.purpose}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">What starts it</dt>
        <dd>{a.triggerDescription}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Platform</dt>
        <dd>{PLATFORM_LABELS[a.platform]}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Expected schedule</dt>
        <dd>
          {a.expectedEveryMinutes
            ? `At least one run every ${everyLabel(a.expectedEveryMinutes)}`
            : "No fixed schedule (runs when needed)"}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Last run</dt>
        <dd>{relativeTime(a.lastRunAt)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Registered</dt>
        <dd>
          {formatDate(a.createdAt)}
          {a.createdBy ? ` by ${a.createdBy}` : ""}; last changed {formatDate(a.updatedAt)}
          {a.updatedBy ? ` by ${a.updatedBy}` : ""}
        </dd>
      </div>
    </dl>
  );
}

/** Success rate, runs and time saved, and how the time saved is counted. */
function AutomationFigures({ automation: a }: { automation: AutomationDetail }) {
  const defaultMinutes = a.successfulRunsLifetime * a.minutesSavedPerRun;
  return (
    <section aria-labelledby="figures-heading" className="flex flex-col gap-3">
      <h2 id="figures-heading" className="text-lg font-semibold">
        Figures
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Success rate, 7 days"
          value={percent(a.successRate7d)}
          hint={`30 days: ${percent(a.successRate30d)}`}
        />
        <Stat
          label="Runs this month"
          value={count(a.runsThisMonth)}
          hint={`${count(a.successfulRunsThisMonth)} successful`}
        />
        <Stat label="Time saved this month" value={hours(a.minutesSavedThisMonth)} />
        <Stat label="Time saved in total" value={hours(a.minutesSavedLifetime)} />
      </div>
      <Card>
        <CardContent className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="text-sm">
            <p className="font-medium">How the time saved is counted</p>
            <p className="text-muted-foreground">
              {a.minutesSavedPerRun} minutes per run × {count(a.successfulRunsLifetime)} successful runs ={" "}
              {hours(defaultMinutes)}
              {defaultMinutes !== a.minutesSavedLifetime
                ? `. Some runs reported their own figure, so the total is ${hours(a.minutesSavedLifetime)}.`
                : "."}{" "}
              Failed and skipped runs count for nothing.
            </p>
          </div>
          <div className="shrink-0">
            <p className="text-xs text-muted-foreground">Runs per day, last 14 days</p>
            <Sparkline
              width={140}
              height={36}
              values={a.trend14d}
              label={`Runs per day over the last 14 days: ${a.trend14d.join(", ")}`}
            />
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
