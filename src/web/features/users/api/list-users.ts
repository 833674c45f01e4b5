import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { usersOps } from "../../../../shared/operations/users";
import { call } from "../../../lib/api";
import { userKeys } from "./query-keys";
import type { Role } from "../../../../shared/constants";
import type { UserState } from "../../../../shared/users";

export interface UserFilter {
  q?: string;
  role?: Role;
  state?: UserState;
  signedUpWithin?: number;
  page: number;
}

export const listUsers = (filter: UserFilter, signal?: AbortSignal) =>
  call(usersOps.listUsers, { query: { ...filter, signedUpWithin: filter.signedUpWithin || undefined }, signal });
export const listUsersQueryOptions = (filter: UserFilter) =>
  queryOptions({ queryKey: userKeys.list(filter), queryFn: ({ signal }) => listUsers(filter, signal) });
export const useUsers = (filter: UserFilter) =>
  useQuery({ ...listUsersQueryOptions(filter), placeholderData: keepPreviousData });
