import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import {
  formatDuration,
  formatHours,
  formatRate,
  formatReturn,
  honestNotices,
  INCIDENT_KIND_LABELS,
  shortDay,
  versusBefore,
} from "../../../../shared/reports-labels";
import { Alert } from "../../../components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { count } from "../../../lib/format";
import { HoursPerWeekChart, RunsPerDayChart } from "./report-charts";
import type { TMonthlyReport } from "../../../../shared/reports";
import type { ReactNode } from "react";

type Report = TMonthlyReport;

/** A section of the report: a card that keeps together when printed. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="break-inside-avoid print:border-0 print:shadow-none">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">{children}</CardContent>
    </Card>
  );
}

/** One company's month: the same figures, words and order as its PDF and its mail. */
export function ReportDocument({ report }: { report: Report }) {
  const notices = honestNotices(report);
  return (
    <div className="flex flex-col gap-6">
      {notices.map((notice) => (
        <Alert key={notice}>{notice}</Alert>
      ))}
      <Headline report={report} />
      {report.note ? (
        <Section title="What we did this month">
          <p className="whitespace-pre-wrap">{report.note.body}</p>
        </Section>
      ) : null}
      <RunsSection report={report} />
      <AutomationsSection report={report} />
      <IncidentsSection report={report} />
      <SupportSection report={report} />
      <PlanSection report={report} />
      <InvoicesSection report={report} />
    </div>
  );
}

function Headline({ report }: { report: Report }) {
  const money = (minor: number | null) => (minor === null ? "—" : formatInvoiceMoney(minor, report.company.currency));
  const tiles: [string, string, string | null][] = [
    ["Hours saved", report.hasRuns ? formatHours(report.minutesSaved) : "No runs", null],
    [
      "Value of that time",
      report.hasRuns ? money(report.moneySavedMinor) : "—",
      report.hourlyValueMinor === null ? "No hourly value set" : `at ${money(report.hourlyValueMinor)} an hour`,
    ],
    [
      "Fees this month",
      money(report.feesMinor),
      `${report.invoices.length} invoice${report.invoices.length === 1 ? "" : "s"}`,
    ],
    [
      "Return on fees",
      report.hasRuns ? formatReturn(report.returnRatio) : "—",
      report.hasRuns && report.netValueMinor !== null ? `${money(report.netValueMinor)} after fees` : null,
    ],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map(([label, value, hint]) => (
        <div key={label} className="rounded-xl border bg-card p-4">
          <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
          {hint ? <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function RunsSection({ report }: { report: Report }) {
  const { runs, previousMonth: before } = report;
  return (
    <Section title="Runs">
      {report.hasRuns ? (
        <>
          <p>
            {count(runs.total)} runs, {versusBefore(runs.total, before.total)} the month before. Success rate{" "}
            {formatRate(runs.successRate)} (the month before: {formatRate(before.successRate)}).
          </p>
          <div className="grid gap-6">
            <RunsPerDayChart days={report.days} />
            <HoursPerWeekChart weeks={report.weeks} />
          </div>
        </>
      ) : (
        <p>No automation reported a run this month, so there are no results to show yet.</p>
      )}
    </Section>
  );
}

function AutomationsSection({ report }: { report: Report }) {
  if (report.automations.length === 0) return null;
  return (
    <Section title="Automations">
      <Table label="Each automation's month">
        <TableHeader>
          <TableRow>
            <TableHead>Automation</TableHead>
            <TableHead className="text-right">Runs</TableHead>
            <TableHead className="text-right">Success</TableHead>
            <TableHead className="text-right">Hours saved</TableHead>
            <TableHead className="text-right">Promised a month</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.automations.map((a) => (
            <TableRow key={a.id}>
              <TableCell className="font-medium">{a.name}</TableCell>
              <TableCell className="text-right tabular-nums">{count(a.runs)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatRate(a.successRate)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatHours(a.minutesSaved)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {a.promisedHoursPerMonth === null ? "—" : `${a.promisedHoursPerMonth} h`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

function IncidentsSection({ report }: { report: Report }) {
  return (
    <Section title="Incidents">
      {report.incidents.length === 0 ? (
        <p>No automation failed or stopped reporting this month.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {report.incidents.map((i) => (
            <li key={i.id}>
              <span className="font-medium">{i.automationName}</span>: {INCIDENT_KIND_LABELS[i.kind]} from{" "}
              {shortDay(i.openedAt)};{" "}
              {i.minutesToRecover === null
                ? "not yet recovered"
                : `recovered after ${formatDuration(i.minutesToRecover)}`}
              .
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function SupportSection({ report }: { report: Report }) {
  const s = report.support;
  const average = (minutes: number | null) => (minutes === null ? "—" : formatDuration(minutes));
  return (
    <Section title="Support">
      {s.opened === 0 && s.resolved === 0 ? (
        <p>No support tickets were opened or resolved.</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">First response</dt>
            <dd>
              {s.answered} of {s.opened} new tickets answered, {s.answeredInTime} within the target; on average in{" "}
              {average(s.averageFirstResponseMinutes)}.
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Resolution</dt>
            <dd>
              {s.resolved} resolved, {s.resolvedInTime} within the target; on average in{" "}
              {average(s.averageResolutionMinutes)} of our time (waiting on you excluded).
            </dd>
          </div>
        </dl>
      )}
    </Section>
  );
}

function PlanSection({ report }: { report: Report }) {
  const { delivered, inProgress, awaitingClient } = report.plan;
  const list = (items: string[], none: string) =>
    items.length === 0 ? (
      <p className="text-muted-foreground">{none}</p>
    ) : (
      <ul className="list-disc pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  return (
    <Section title="The plan and what comes next">
      <h3 className="font-medium">Delivered this month</h3>
      {list(
        delivered.map((i) => `${i.title} (live ${shortDay(i.liveAt)})`),
        "Nothing new went live this month.",
      )}
      <h3 className="font-medium">Being built</h3>
      {list(
        inProgress.map((i) => `${i.title}${i.targetDate ? ` (target ${shortDay(i.targetDate)})` : ""}`),
        "Nothing is being built at the moment.",
      )}
      <h3 className="font-medium">Proposals waiting for your approval</h3>
      {list(
        awaitingClient.map((i) => i.title),
        "None.",
      )}
    </Section>
  );
}

function InvoicesSection({ report }: { report: Report }) {
  const money = (minor: number) => formatInvoiceMoney(minor, report.company.currency);
  return (
    <Section title="Invoices this month">
      {report.invoices.length === 0 ? (
        <p>No invoice was issued this month.</p>
      ) : (
        <Table label="Invoices issued this month">
          <TableHeader>
            <TableRow>
              <TableHead>Invoice</TableHead>
              <TableHead>Issued</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.invoices.map((i) => (
              <TableRow key={i.id}>
                <TableCell>{i.number}</TableCell>
                <TableCell>{shortDay(i.issuedAt)}</TableCell>
                <TableCell>{i.status === "paid" ? "Paid" : "Open"}</TableCell>
                <TableCell className="text-right tabular-nums">{money(i.totalMinor)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell className="font-medium" colSpan={3}>
                Total
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">{money(report.feesMinor)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
