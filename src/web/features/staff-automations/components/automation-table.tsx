import { KeyRound, MoreHorizontal, Pause, Pencil, Play, RefreshCw, ShieldOff, Archive } from "lucide-react";
import { PLATFORM_LABELS, RUN_STATUS_LABELS } from "../../../../shared/automations";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { plural, relativeTime } from "../../../lib/format";
import { HealthBadge, LifecycleBadge } from "./automation-badges";
import type { StaffAutomation } from "../../../../shared/staff-automations";

export type AutomationAction = "edit" | "pause" | "resume" | "issue" | "rotate" | "revoke" | "retire";

interface AutomationTableProps {
  companyName: string;
  automations: StaffAutomation[];
  onAction: (action: AutomationAction, automation: StaffAutomation) => void;
  /** The automation whose pause, resume or key issue is on its way. */
  busyId?: string;
}

const STICKY = "sticky left-0 z-10 bg-card";

/** "Rotate key for Invoice sync": what a control does, to whom; its visible text is the start of it. */
const named = (verb: string, a: StaffAutomation, preposition = "") =>
  [verb, preposition, a.name].filter(Boolean).join(" ");

function KeyCell({
  a,
  onAction,
  busy,
}: {
  a: StaffAutomation;
  onAction: AutomationTableProps["onAction"];
  busy: boolean;
}) {
  if (a.activeKey) {
    return (
      <div className="flex flex-col">
        <code className="text-xs">{a.activeKey.prefix}…</code>
        <span className="text-xs text-muted-foreground">
          {a.activeKey.lastUsedAt ? `Last used ${relativeTime(a.activeKey.lastUsedAt)}` : "Never used"}
        </span>
      </div>
    );
  }
  if (a.lifecycleStatus === "retired") return <span className="text-muted-foreground">Revoked</span>;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={() => onAction("issue", a)}
      aria-label={named("Issue key", a, "for")}
    >
      <KeyRound aria-hidden /> Issue key
    </Button>
  );
}

function RowActions({ a, onAction }: { a: StaffAutomation; onAction: AutomationTableProps["onAction"] }) {
  if (a.lifecycleStatus === "retired") return null;
  return (
    // Not modal: a dialog opened from an item must get the page back when it closes.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="shrink-0" aria-label={`Actions for ${a.name}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onAction("edit", a)} aria-label={named("Edit", a)}>
          <Pencil aria-hidden /> Edit
        </DropdownMenuItem>
        {a.lifecycleStatus === "live" ? (
          <DropdownMenuItem onSelect={() => onAction("pause", a)} aria-label={named("Pause", a)}>
            <Pause aria-hidden /> Pause
          </DropdownMenuItem>
        ) : null}
        {a.lifecycleStatus === "paused" ? (
          <DropdownMenuItem onSelect={() => onAction("resume", a)} aria-label={named("Resume", a)}>
            <Play aria-hidden /> Resume
          </DropdownMenuItem>
        ) : null}
        {!a.activeKey ? (
          <DropdownMenuItem onSelect={() => onAction("issue", a)} aria-label={named("Issue key", a, "for")}>
            <KeyRound aria-hidden /> Issue key
          </DropdownMenuItem>
        ) : (
          <>
            <DropdownMenuItem onSelect={() => onAction("rotate", a)} aria-label={named("Rotate key", a, "for")}>
              <RefreshCw aria-hidden /> Rotate key
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction("revoke", a)} aria-label={named("Revoke key", a, "for")}>
              <ShieldOff aria-hidden /> Revoke key
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          className="text-destructive"
          onSelect={() => onAction("retire", a)}
          aria-label={named("Retire", a)}
        >
          <Archive aria-hidden /> Retire
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The company's automations; the name column stays put while the rest scrolls on a phone. */
export function AutomationTable({ companyName, automations, onAction, busyId }: AutomationTableProps) {
  return (
    <Table label={`Automations of ${companyName}`}>
      <TableHeader className="bg-muted">
        <TableRow>
          <TableHead className={`${STICKY} bg-muted`}>Automation</TableHead>
          <TableHead>Platform</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Health</TableHead>
          <TableHead>Last run</TableHead>
          <TableHead>Ingest key</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {automations.map((a) => (
          <TableRow key={a.id} className={a.lifecycleStatus === "retired" ? "text-muted-foreground" : undefined}>
            {/* The actions sit beside the name: on a phone both stay in view while the figures scroll. */}
            <TableCell className={`${STICKY} py-2 pr-2 font-medium`}>
              <div className="flex w-44 items-center justify-between gap-1 sm:w-64">
                <span className="min-w-0 truncate" title={a.name}>
                  {a.name}
                </span>
                <RowActions a={a} onAction={onAction} />
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap">{PLATFORM_LABELS[a.platform]}</TableCell>
            <TableCell>
              <LifecycleBadge status={a.lifecycleStatus} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <div className="flex flex-col items-start gap-0.5">
                <HealthBadge health={a.health} />
                {a.health === "failing" ? (
                  <span className="text-xs text-muted-foreground">
                    {plural(a.consecutiveFailures, "failure")} in a row
                  </span>
                ) : null}
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <div className="flex flex-col">
                <span>{relativeTime(a.lastRunAt)}</span>
                {a.lastRunStatus ? (
                  <span className="text-xs text-muted-foreground">{RUN_STATUS_LABELS[a.lastRunStatus]}</span>
                ) : null}
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <KeyCell a={a} onAction={onAction} busy={busyId === a.id} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
