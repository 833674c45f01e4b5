/** Every query key of the staff automations feature, so that mutations invalidate exactly what they change. */
export const staffAutomationKeys = {
  all: ["staff-automations"] as const,
  company: (companyId: string) => [...staffAutomationKeys.all, "company", companyId] as const,
};

/** What a change to a client's automations refreshes besides its list: shared with the other staff features. */
export { invalidateClientViews } from "../../../lib/staff-query-keys";
