import { COMPANY_STATUS_LABELS, type CompanyStatus } from "../../../shared/clients";
import { StatusBadge, type StatusTone } from "../ui/status-badge";

const TONES: Record<CompanyStatus, StatusTone> = {
  trial: "info",
  active: "success",
  past_due: "danger",
  paused: "warning",
  churned: "neutral",
};

/** A client company's status, as a badge whose words carry the meaning (the clients table, a client's page). */
export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  return <StatusBadge tone={TONES[status]}>{COMPANY_STATUS_LABELS[status]}</StatusBadge>;
}
