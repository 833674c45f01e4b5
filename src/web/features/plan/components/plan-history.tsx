import { PLAN_PRIORITY_LABELS, PLAN_STATE_LABELS, type PlanPriority, type PlanState } from "../../../../shared/plan";
import { formatDate, formatDateTime } from "../../../lib/format";
import type { PlanHistoryEntry } from "../../../../shared/plan";

const stateLabel = (value: string | null) => (value ? (PLAN_STATE_LABELS[value as PlanState] ?? value) : "");

/** One history line in words: "Proposed → Approved", "Proposal version 2", "Priority: Normal → Low". */
export function describeChange(entry: PlanHistoryEntry): string {
  const { field, fromValue: from, toValue: to } = entry;
  switch (field) {
    case "state":
      return from ? `${stateLabel(from)} → ${stateLabel(to)}` : `${stateLabel(to)}`;
    case "proposal":
      return from ? `Proposal version ${to} (replaces version ${from})` : `Proposal version ${to}`;
    case "priority":
      return `Priority: ${PLAN_PRIORITY_LABELS[from as PlanPriority] ?? from} → ${PLAN_PRIORITY_LABELS[to as PlanPriority] ?? to}`;
    case "wished date":
      return `Wished date: ${from ? formatDate(from) : "none"} → ${to ? formatDate(to) : "none"}`;
    case "automation":
      return from ? `Automation: ${from} → ${to}` : `Automation: ${to}`;
    default:
      return `${field}: ${from ?? "—"} → ${to ?? "—"}`;
  }
}

/** Every change to the item, oldest first: who, when, what and why. It is never edited. */
export function PlanHistory({ history, side }: { history: PlanHistoryEntry[]; side: "client" | "staff" }) {
  return (
    <ol className="flex flex-col gap-3 border-l pl-4">
      {history.map((entry) => (
        <li key={entry.id} className="relative text-sm">
          <span
            aria-hidden
            className="absolute top-1.5 -left-[21px] size-2.5 rounded-full border-2 border-background bg-primary"
          />
          <p className="font-medium">{describeChange(entry)}</p>
          <p className="text-xs text-muted-foreground">
            {entry.actorName}
            {side === "client" && entry.side === "staff" ? " (Cogwork)" : ""}
            {side === "staff" && entry.side === "client" ? " (client)" : ""} · {formatDateTime(entry.at)}
          </p>
          {entry.comment ? <p className="mt-1 whitespace-pre-wrap text-muted-foreground">{entry.comment}</p> : null}
        </li>
      ))}
    </ol>
  );
}
