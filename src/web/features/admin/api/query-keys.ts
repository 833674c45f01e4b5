import type { AttentionKind } from "../../../../shared/admin";

/** Every query key of the staff area. */
export const adminKeys = {
  all: ["admin"] as const,
  overview: () => [...adminKeys.all, "overview"] as const,
  attention: (kind: AttentionKind, page: number) => [...adminKeys.all, "attention", kind, page] as const,
  emails: (status: string, page: number) => [...adminKeys.all, "emails", status, page] as const,
};
