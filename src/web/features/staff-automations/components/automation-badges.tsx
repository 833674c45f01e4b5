import {
  HEALTH_LABELS,
  STATUS_LABELS,
  type AutomationHealth,
  type AutomationStatus,
} from "../../../../shared/automations";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";

const STATUS_TONES: Record<AutomationStatus, StatusTone> = {
  building: "info",
  live: "success",
  paused: "neutral",
  retired: "neutral",
};
const HEALTH_TONES: Record<AutomationHealth, StatusTone> = { ok: "success", failing: "danger", stale: "warning" };

/** Building, Live, Paused or Retired: what staff set. */
export function LifecycleBadge({ status }: { status: AutomationStatus }) {
  return <StatusBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusBadge>;
}

/** OK, Failing or Stale, for a live automation; a dash otherwise. */
export function HealthBadge({ health }: { health: AutomationHealth | null }) {
  if (!health) return <span className="text-muted-foreground">—</span>;
  return <StatusBadge tone={HEALTH_TONES[health]}>{HEALTH_LABELS[health]}</StatusBadge>;
}
