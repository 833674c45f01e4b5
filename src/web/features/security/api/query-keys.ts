import type { SecurityEventFilter } from "./list-security-events";

/** Every query key of the security feature. */
export const securityKeys = {
  all: ["security"] as const,
  events: (filter: SecurityEventFilter) => [...securityKeys.all, "events", filter] as const,
};
