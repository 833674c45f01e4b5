import { STATUS_LABELS, type DisplayStatus } from "../../../../shared/automations-labels";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";

const TONES: Record<DisplayStatus, StatusTone> = {
  live: "success",
  failing: "danger",
  stale: "warning",
  paused: "neutral",
  building: "info",
  retired: "neutral",
};

export function AutomationStatusBadge({ status }: { status: DisplayStatus }) {
  return <StatusBadge tone={TONES[status]}>{STATUS_LABELS[status]}</StatusBadge>;
}
