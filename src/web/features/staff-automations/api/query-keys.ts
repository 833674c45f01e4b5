/** Every query key of the staff automations feature, so that mutations invalidate exactly what they change. */
export const staffAutomationKeys = {
  all: ["staff-automations"] as const,
  company: (companyId: string) => [...staffAutomationKeys.all, "company", companyId] as const,
};

/** The staff API path of a company's automations, or of one of them. */
export const companyAutomationsPath = (companyId: string, automationId?: string) =>
  `/api/staff/companies/${encodeURIComponent(companyId)}/automations` +
  (automationId ? `/${encodeURIComponent(automationId)}` : "");

/** What a change to a client's automations refreshes besides its list: shared with the other staff features. */
export { invalidateClientViews } from "../../../lib/staff-query-keys";
