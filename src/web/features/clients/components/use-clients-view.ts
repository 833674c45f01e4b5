import { useSearchParams } from "react-router";
import { CLIENT_SORTS, type ClientSort, type CompanyStatus, type SortDirection } from "../../../../shared/clients";
import { COMPANY_STATUSES } from "../../../../shared/companies";
import { oneOf, pageParam, withChanges } from "../../../lib/search-params";
import type { ClientsView } from "../api/list-clients";

/** Names, contacts and statuses read A→Z first; figures and dates biggest or newest first. */
const FIRST_DIRECTION: Record<ClientSort, SortDirection> = {
  name: "asc",
  contact: "asc",
  status: "asc",
  automations: "desc",
  failureRate: "desc",
  hoursSaved: "desc",
  plan: "asc",
  mrr: "desc",
  openTickets: "desc",
  lastActivity: "desc",
};

/**
 * The view an address describes; anything unknown in it falls back to the default. The search
 * is trimmed: "acme " asks for (and caches) the same page as "acme".
 */
function readClientsView(params: URLSearchParams): Required<Omit<ClientsView, "status">> & ClientsView {
  return {
    q: params.get("q")?.trim() ?? "",
    status: oneOf<CompanyStatus>(COMPANY_STATUSES, params.get("status")),
    sort: oneOf(CLIENT_SORTS, params.get("sort")) ?? "name",
    dir: oneOf<SortDirection>(["asc", "desc"], params.get("dir")) ?? "asc",
    page: pageParam(params),
  };
}

type Changes = Partial<Record<"q" | "status" | "sort" | "dir" | "page", string | undefined>>;

/**
 * The clients table's view, kept in the address so that it can be shared and Back returns
 * to the previous one. Each sort, filter and page is a step in the history; typing a search
 * replaces the current step instead of adding one per letter. Defaults are left out of the
 * address, and any change but a page change goes back to page 1.
 */
export function useClientsView() {
  const [params, setParams] = useSearchParams();
  const view = readClientsView(params);
  const update = (changes: Changes, { replace = false } = {}) =>
    setParams(
      (current) => {
        const next = withChanges(current, changes);
        if (next.get("sort") === "name") next.delete("sort");
        if (next.get("dir") === "asc") next.delete("dir");
        return next;
      },
      { replace },
    );
  return {
    view,
    /** The search as typed, spaces and all, for its field. */
    searchText: params.get("q") ?? "",
    search: (q: string) => update({ q }, { replace: true }),
    filterStatus: (status: string) => update({ status }),
    /** The current column flips its direction; another starts with its natural one. */
    sortBy: (sort: ClientSort) =>
      update({ sort, dir: sort === view.sort ? (view.dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION[sort] }),
    goToPage: (page: number) => update({ page: String(page) }),
    clear: () => update({ q: undefined, status: undefined }),
  };
}
