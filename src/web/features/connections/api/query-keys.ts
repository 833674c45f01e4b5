/** Every query key of the connections feature, so that mutations invalidate exactly what they change. */
export const connectionKeys = {
  all: ["connections"] as const,
  company: (companyId: string) => [...connectionKeys.all, companyId] as const,
  list: (companyId: string) => [...connectionKeys.company(companyId), "list"] as const,
  workflows: (companyId: string, connectionId: string) =>
    [...connectionKeys.company(companyId), "workflows", connectionId] as const,
  automations: (companyId: string) => [...connectionKeys.company(companyId), "automations"] as const,
};

export { invalidateClientViews } from "../../../lib/staff-query-keys";
