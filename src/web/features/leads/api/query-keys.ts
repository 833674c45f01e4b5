import type { LeadFilter } from "./list-leads";

/** Every query key of the leads inbox. */
export const leadKeys = {
  all: ["leads"] as const,
  list: (filter: LeadFilter) => [...leadKeys.all, "list", filter] as const,
};
