import {
  CATEGORY_LABELS,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type TTicketCategory,
  type TTicketPriority,
  type TTicketStatus,
} from "../../../../shared/support-labels";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import type { TTicketSummary } from "../../../../shared/support";

const STATUS_TONES: Record<TTicketStatus, StatusTone> = {
  open: "info",
  waiting_on_client: "warning",
  waiting_on_agency: "info",
  resolved: "success",
};
const PRIORITY_TONES: Record<TTicketPriority, StatusTone> = {
  low: "neutral",
  normal: "neutral",
  high: "warning",
  urgent: "danger",
};

export const TicketStatusBadge = ({ status }: { status: TTicketStatus }) => (
  <StatusBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusBadge>
);
export const PriorityBadge = ({ priority }: { priority: TTicketPriority }) => (
  <StatusBadge tone={PRIORITY_TONES[priority]}>{PRIORITY_LABELS[priority]} priority</StatusBadge>
);
export const categoryLabel = (category: TTicketCategory) => CATEGORY_LABELS[category];

/** "2 h 10 min left", "overdue by 3 h", "paused" or "met": the SLA in words. */
export function slaText(sla: TTicketSummary["sla"], status: TTicketStatus): string {
  if (status === "resolved") return sla.breached ? "Resolved late" : "Resolved in time";
  if (sla.msLeft === null) return sla.paused ? "Paused: waiting on the client" : "No clock running";
  const minutes = Math.round(Math.abs(sla.msLeft) / 60_000);
  const span =
    minutes >= 1440
      ? `${Math.floor(minutes / 1440)} d ${Math.floor((minutes % 1440) / 60)} h`
      : minutes >= 60
        ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
        : `${minutes} min`;
  return sla.msLeft < 0 ? `Overdue by ${span}` : `${span} left`;
}
