import { STATUS_LABELS, type DisplayStatus } from "../../../../shared/automations";
import { Badge, type BadgeTone } from "../../../components/ui/badge";

const TONES: Record<DisplayStatus, BadgeTone> = { live: "success", failing: "danger", stale: "warning", paused: "neutral", building: "info" };

export function AutomationStatusBadge({ status }: { status: DisplayStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
