import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { cn } from "../../../lib/cn";
import { count, percent, plural } from "../../../lib/format";
import { useAdminOverview } from "../api/get-admin-overview";
import type { TGetAdminOverviewResponse, TRunFigures } from "../../../../shared/admin";
import type { ReactNode } from "react";

type Tone = "neutral" | "warning" | "danger";

interface TileProps {
  to: string;
  label: string;
  value: number;
  detail: string;
  tone?: Tone;
}

const toneClasses: Record<Tone, string> = {
  neutral: "",
  warning: "border-l-4 border-l-warning",
  danger: "border-l-4 border-l-destructive",
};

/** One figure; the whole tile opens the list it counts. */
function Tile({ to, label, value, detail, tone = "neutral" }: TileProps) {
  return (
    <li>
      <Link
        to={to}
        className={cn(
          "flex h-full flex-col rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors",
          "hover:border-primary/50 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          toneClasses[tone],
        )}
      >
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <span className="mt-1 text-3xl font-semibold tabular-nums">{count(value)}</span>
        <span className="mt-1 text-xs text-muted-foreground">{detail}</span>
      </Link>
    </li>
  );
}

/** A group of tiles: four span the width; two sit beside another pair on wide screens. */
function Section({ title, wide, children }: { title: string; wide: boolean; children: ReactNode }) {
  return (
    <section aria-label={title} className={cn("flex flex-col gap-3", wide && "lg:col-span-2")}>
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      <ul className={cn("grid grid-cols-2 gap-3", wide && "lg:grid-cols-4")}>{children}</ul>
    </section>
  );
}

const runDetail = (runs: TRunFigures) =>
  runs.successRate === null
    ? "No finished runs"
    : `${percent(runs.successRate)} succeeded · ${plural(runs.failed, "failure")}`;

/** Which tiles, what each counts and where it leads. */
function tiles(o: TGetAdminOverviewResponse) {
  const clients = (status: keyof typeof o.companiesByStatus, label: string) => ({
    to: screenPath("/clients", { status }),
    label,
    value: o.companiesByStatus[status],
    detail: `of ${plural(o.companies, "client")}`,
  });
  return {
    Clients: [
      clients("trial", "On trial"),
      clients("active", "Active"),
      clients("past_due", "Past due"),
      clients("paused", "Paused"),
      clients("churned", "Churned"),
    ],
    Automations: automationTiles(o),
    "To follow up": followUpTiles(o),
    "Sign-ups": [
      {
        to: screenPath("/admin/users", { signedUpWithin: 7 }),
        label: "Last 7 days",
        value: o.signUpsLast7Days,
        detail: "new client accounts",
      },
      {
        to: screenPath("/admin/users", { signedUpWithin: 30 }),
        label: "Last 30 days",
        value: o.signUpsLast30Days,
        detail: "new client accounts",
      },
    ],
  };
}

/** Failing and stale automations, and the runs of the last day and week. */
function automationTiles(o: TGetAdminOverviewResponse) {
  return [
    {
      to: screenPath("/admin/automations", { kind: "failing" }),
      label: "Failing",
      value: o.automations.failing,
      detail: "failed several times in a row",
      tone: o.automations.failing > 0 ? ("danger" as const) : undefined,
    },
    {
      to: screenPath("/admin/automations", { kind: "stale" }),
      label: "Stale",
      value: o.automations.stale,
      detail: "no run within their schedule",
      tone: o.automations.stale > 0 ? ("warning" as const) : undefined,
    },
    {
      to: screenPath("/admin/automations", { kind: "failing" }),
      label: "Runs, last 24 hours",
      value: o.runs.last24Hours.finished,
      detail: runDetail(o.runs.last24Hours),
    },
    {
      to: screenPath("/admin/automations", { kind: "failing" }),
      label: "Runs, last 7 days",
      value: o.runs.last7Days.finished,
      detail: runDetail(o.runs.last7Days),
    },
  ];
}

/** What waits on the agency or its clients: proposals, requests, leads, undelivered mail. */
function followUpTiles(o: TGetAdminOverviewResponse) {
  return [
    {
      to: screenPath("/admin/plan", { category: "waiting_on_client" }),
      label: "Proposals waiting on clients",
      value: o.proposalsWaiting,
      detail: "sent, not yet approved or declined",
    },
    {
      to: screenPath("/admin/plan", { category: "waiting_on_agency" }),
      label: "Plan items waiting on us",
      value: o.requestsWaiting,
      detail: "requests to propose and approvals to build",
      tone: o.requestsWaiting > 0 ? ("warning" as const) : undefined,
    },
    {
      to: screenPath("/admin/leads", { status: "new" }),
      label: "New leads",
      value: o.newLeads,
      detail: "contact messages nobody answered yet",
      tone: o.newLeads > 0 ? ("warning" as const) : undefined,
    },
    {
      to: screenPath("/admin/emails"),
      label: "Undelivered emails",
      value: o.undeliveredMail,
      detail: "the mail server refused every attempt",
      tone: o.undeliveredMail > 0 ? ("danger" as const) : undefined,
    },
  ];
}

/** The agency dashboard's tiles, grouped; each opens the filtered list behind its figure. */
export function OverviewTiles() {
  const overview = useAdminOverview();
  if (overview.isError) return <Alert tone="error">{overview.error.message}</Alert>;
  if (!overview.data) return <p className="text-muted-foreground">Loading...</p>;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      {Object.entries(tiles(overview.data)).map(([title, items]) => (
        <Section key={title} title={title} wide={items.length > 2}>
          {items.map((tile) => (
            <Tile key={`${tile.to}-${tile.label}`} {...tile} />
          ))}
        </Section>
      ))}
    </div>
  );
}
