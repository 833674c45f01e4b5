import { COMPANY_STATUS_MEANINGS, type CompanyStatus } from "../../../../shared/clients";
import { CompanyStatusBadge } from "../../../components/status/company-status-badge";

/**
 * The company's status and why it has it. Nobody sets it by hand: it follows the company's
 * subscription, invoices and automations (ADR 0031), so it never contradicts its billing.
 */
export function ClientStatus({ company }: { company: { status: CompanyStatus } }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground">Status</span>
      <CompanyStatusBadge status={company.status} />
      <span className="text-sm text-muted-foreground">{COMPANY_STATUS_MEANINGS[company.status]}</span>
    </div>
  );
}
