import type { LeadFilter } from "./list-leads";

/** Every query key of the leads inbox. */
export const leadKeys = {
  all: ["leads"] as const,
  list: (filter: LeadFilter) => [...leadKeys.all, "list", filter] as const,
  matches: (id: string) => [...leadKeys.all, "matches", id] as const,
};

/** What a conversion refreshes besides the inbox (the new client, the agency's counts): shared with the other staff features. */
export { invalidateClientViews } from "../../../lib/staff-query-keys";
