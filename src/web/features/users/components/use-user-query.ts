import { useSearchParams } from "react-router";
import { ROLES, type Role } from "../../../../shared/constants";
import { USER_STATES, type UserState } from "../../../../shared/users";
import type { UserFilter } from "../api/list-users";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

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
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { replace: true },
    );
  return { filter, search: params.get("q") ?? "", update };
}
