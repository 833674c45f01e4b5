import type { UserFilter } from "./list-users";

/** Every query key of the users feature, so that each action refreshes the table. */
export const userKeys = {
  all: ["users"] as const,
  list: (filter: UserFilter) => [...userKeys.all, "list", filter] as const,
};
