/** Every query key of the company feature. */
export const companyKeys = {
  all: ["company"] as const,
  overview: () => [...companyKeys.all, "overview"] as const,
};

/** Staff's view of one client company, and what a change to it refreshes: shared with the other staff features. */
export { clientCompanyKeys, invalidateClientViews } from "../../../lib/staff-query-keys";
