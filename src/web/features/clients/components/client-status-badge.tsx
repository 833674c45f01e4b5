import { COMPANY_STATUS_LABELS, type CompanyStatus } from "../../../../shared/clients";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";

const TONES: Record<CompanyStatus, StatusTone> = {
  trial: "info",
  active: "success",
  paused: "warning",
  churned: "neutral",
};

export function ClientStatusBadge({ status }: { status: CompanyStatus }) {
  return <StatusBadge tone={TONES[status]}>{COMPANY_STATUS_LABELS[status]}</StatusBadge>;
}
