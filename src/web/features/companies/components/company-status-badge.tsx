import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import type { COMPANY_STATUSES } from "../../../../shared/companies";

export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  trial: "Trial",
  active: "Active",
  paused: "Paused",
  churned: "Churned",
};

const TONES: Record<CompanyStatus, StatusTone> = {
  trial: "info",
  active: "success",
  paused: "warning",
  churned: "neutral",
};

/** A client company's status, as a badge whose words carry the meaning. */
export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  return <StatusBadge tone={TONES[status]}>{COMPANY_STATUS_LABELS[status]}</StatusBadge>;
}
