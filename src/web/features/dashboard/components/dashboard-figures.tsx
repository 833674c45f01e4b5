import { AlertTriangle, CheckCircle2, Clock, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { count, formatDateRange, hours, money, percent, relativeTime } from "../../../lib/format";
import { AttentionCard } from "./attention-card";
import { HourlyValue } from "./hourly-value-form";
import { RunsChart } from "./runs-chart";
import { TimeZoneSetting } from "./time-zone-setting";
import type { TGetDashboardResponse } from "../../../../shared/dashboard";
import type { ReactNode } from "react";

const RESULT = { success: "succeeded", failed: "failed", running: "is running", skipped: "was skipped" } as const;

function Figure({
  label,
  value,
  children,
  testId,
}: {
  label: string;
  value: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Card>
      <CardHeader className="p-5">
        <CardDescription>{label}</CardDescription>
        <p className="text-3xl font-semibold tabular-nums" data-testid={testId}>
          {value}
        </p>
        {children}
      </CardHeader>
    </Card>
  );
}

export function change(current: number, previous: number, days: { from: string; to: string }): string {
  const diff = current - previous;
  const span = formatDateRange(days.from, days.to);
  if (previous === 0 && current === 0) return `Nothing saved on the same days of last month (${span}) either.`;
  if (diff === 0) return `The same as on the same days of last month (${span}).`;
  return `${diff > 0 ? "+" : "−"}${hours(Math.abs(diff))} compared with the same days of last month (${span}: ${hours(previous)}).`;
}

/**
 * The client home's figures, from a dashboard answer: the client's own, or one company's as staff
 * look at it (the same answer, so staff see exactly what the client sees).
 */
export function DashboardFigures({ data: d }: { data: TGetDashboardResponse }) {
  const isNew = d.automations.total === 0;
  const totalRuns30 = d.days30.reduce((n, day) => n + day.success + day.failed + day.skipped + day.running, 0);

  return (
    <div className="flex flex-col gap-6">
      <AttentionCard data={d} />

      {isNew ? (
        <EmptyState icon={<Sparkles />} title="Your first automation is on its way">
          Once the agency has built and switched on your first automation, this dashboard shows the hours and money it
          saves you, how often it runs and anything that needs your attention. Tell us what to automate first in the{" "}
          <Link to={screenPath("/automation-plan")} className="font-medium text-primary hover:underline">
            automation plan
          </Link>
          .
        </EmptyState>
      ) : (
        <>
          <MonthFigures data={d} />

          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Runs in the last 30 days</CardTitle>
                {d.company ? (
                  <TimeZoneSetting timeZone={d.company.timeZone} canEdit={d.company.role === "owner"} />
                ) : null}
              </CardHeader>
              <CardContent>
                {totalRuns30 === 0 ? (
                  <p className="text-sm text-muted-foreground">No run in the last 30 days.</p>
                ) : (
                  <RunsChart days={d.days30} />
                )}
              </CardContent>
            </Card>
            <RecentActivity recent={d.recent} />
          </div>
        </>
      )}
    </div>
  );
}

/** What the company pays the agency this month, beside the value of the hours saved. */
function CostBesideValue({ cost, currency }: { cost: TGetDashboardResponse["costThisMonth"]; currency: string }) {
  if (!cost) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="cost-this-month">
      You pay the agency {money(cost.totalMinor, currency)} this month, before tax
      {cost.chargesMinor !== 0
        ? ` (plan ${money(cost.planMinor, currency)}, other charges ${money(cost.chargesMinor, currency)})`
        : ""}
      .
    </p>
  );
}

/** This month so far: hours and money saved, runs, success rate. */
function MonthFigures({ data: d }: { data: TGetDashboardResponse }) {
  return (
    <section aria-label="This month" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Figure label="Hours saved this month so far" value={hours(d.minutesSavedThisMonth)} testId="hours-saved">
        <p className="text-xs text-muted-foreground">
          {change(d.minutesSavedThisMonth, d.minutesSavedLastMonth, d.comparedWith)}
        </p>
      </Figure>
      <Figure label="Value of that time" value={money(d.moneySavedThisMonthMinor, d.currency)} testId="money-saved">
        <CostBesideValue cost={d.costThisMonth} currency={d.currency} />
        {d.company ? (
          <HourlyValue
            valueMinor={d.company.hourlyValueMinor}
            currency={d.company.currency}
            canEdit={d.company.role === "owner"}
          />
        ) : null}
      </Figure>
      <Figure label="Runs this month" value={count(d.runsThisMonth)} testId="runs-month">
        <p className="text-xs text-muted-foreground">
          {d.automations.live} of {d.automations.total} automation{d.automations.total === 1 ? "" : "s"} live
        </p>
      </Figure>
      <Figure label="Success rate this month" value={percent(d.successRateThisMonth)} testId="success-rate">
        <p className="text-xs text-muted-foreground">Successful runs out of those that finished.</p>
      </Figure>
    </section>
  );
}

/** The newest runs, each with its result and automation. */
function RecentActivity({ recent }: { recent: TGetDashboardResponse["recent"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Recent activity</CardTitle>
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">No run reported yet.</p>
        ) : (
          <ul className="flex flex-col gap-3 text-sm">
            {recent.map((run) => (
              <li key={run.runId} className="flex items-start gap-2">
                {run.status === "failed" ? (
                  <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                ) : run.status === "success" ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                ) : (
                  <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <span>
                  <Link
                    to={screenPath("/my-automations/:id", { id: run.automationId })}
                    className="font-medium hover:underline"
                  >
                    {run.automationName}
                  </Link>{" "}
                  {RESULT[run.status]} <span className="text-muted-foreground">{relativeTime(run.startedAt)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
