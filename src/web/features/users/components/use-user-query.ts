import { useSearchParams } from "react-router";
import { ROLES, type Role } from "../../../../shared/constants";
import { USER_STATES, type UserState } from "../../../../shared/users";
import { oneOf, pageParam, withChanges } from "../../../lib/search-params";
import type { UserFilter } from "../api/list-users";

/**
 * The users table's search, filters and page, read from and written to the URL (the agency
 * dashboard links to ?signedUpWithin=7 and =30). Any change of filter goes back to page 1.
 */
export function useUserQuery() {
  const [params, setParams] = useSearchParams();
  const days = Number.parseInt(params.get("signedUpWithin") ?? "", 10);
  const filter: UserFilter = {
    q: params.get("q")?.trim() || undefined,
    role: oneOf<Role>(ROLES, params.get("role")),
    state: oneOf<UserState>(USER_STATES, params.get("state")),
    signedUpWithin: days >= 1 && days <= 3650 ? days : undefined,
    page: pageParam(params),
  };
  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => withChanges(current, changes), { replace: true });
  return { filter, search: params.get("q") ?? "", update };
}
