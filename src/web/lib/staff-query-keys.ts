import type { AttentionKind } from "../../shared/admin";
import type { QueryClient } from "@tanstack/react-query";

/*
 * The query keys of what the staff console shows of client companies. Several features change
 * a client company (its status, people, invitations, automations; a lead converted into one)
 * and several screens show it (the clients table, the client's detail and activity, the agency
 * overview's counts): the keys live here, outside the features, so that every change can mark
 * all of them stale with `invalidateClientViews`.
 */

/** The clients table, one entry per view (search, filter, sort, page). */
export const clientKeys = {
  all: ["clients"] as const,
  list: <View extends object>(view: View) => [...clientKeys.all, "list", view] as const,
};

/** Staff's view of one client company: everything under its id, so that a change refreshes all of it. */
export const clientCompanyKeys = {
  all: ["client-company"] as const,
  company: (id: string) => [...clientCompanyKeys.all, id] as const,
  detail: (id: string) => [...clientCompanyKeys.company(id), "detail"] as const,
  dashboard: (id: string) => [...clientCompanyKeys.company(id), "dashboard"] as const,
};

/** The audit log, whole or of one company. */
export const auditKeys = {
  all: ["audit"] as const,
  log: (companyId?: string) => [...auditKeys.all, "log", companyId ?? "all"] as const,
};

/** The agency's staff area. */
export const adminKeys = {
  all: ["admin"] as const,
  overview: () => [...adminKeys.all, "overview"] as const,
  attention: (kind: AttentionKind, page: number) => [...adminKeys.all, "attention", kind, page] as const,
  emails: (status: string, page: number) => [...adminKeys.all, "emails", status, page] as const,
};

/**
 * Marks stale everything a change to client companies shows in: the clients table (statuses,
 * main contacts, automation counts), the agency overview's counts, the audit log and, given its
 * id, that company's detail (its counts, people and automations). Shown queries refetch at once.
 */
export function invalidateClientViews(queryClient: QueryClient, companyId?: string): Promise<unknown> {
  const keys: readonly (readonly unknown[])[] = [
    clientKeys.all,
    adminKeys.overview(),
    auditKeys.all,
    ...(companyId ? [clientCompanyKeys.company(companyId)] : []),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
