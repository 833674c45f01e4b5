import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { userKeys } from "./query-keys";
import type { Role } from "../../../../shared/constants";
import type { TListUsersResponse, UserState } from "../../../../shared/users";

export interface UserFilter {
  q?: string;
  role?: Role;
  state?: UserState;
  signedUpWithin?: number;
  page: number;
}

export const listUsers = (filter: UserFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.q) params.set("q", filter.q);
  if (filter.role) params.set("role", filter.role);
  if (filter.state) params.set("state", filter.state);
  if (filter.signedUpWithin) params.set("signedUpWithin", String(filter.signedUpWithin));
  return apiFetch<TListUsersResponse>(`/api/staff/users?${params}`, { signal });
};
export const listUsersQueryOptions = (filter: UserFilter) =>
  queryOptions({ queryKey: userKeys.list(filter), queryFn: ({ signal }) => listUsers(filter, signal) });
export const useUsers = (filter: UserFilter) =>
  useQuery({ ...listUsersQueryOptions(filter), placeholderData: keepPreviousData });
