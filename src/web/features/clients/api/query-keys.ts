import type { ClientsView } from "./list-clients";

/** Every query key of the clients feature, so that mutations invalidate exactly what they change. */
export const clientKeys = {
  all: ["clients"] as const,
  list: (view: ClientsView) => [...clientKeys.all, "list", view] as const,
};
