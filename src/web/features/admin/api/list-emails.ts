import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { adminKeys } from "./query-keys";
import type { TListEmailsResponse } from "../../../../shared/admin";

export type EmailListStatus = "failed" | "pending";

export const listEmails = (status: EmailListStatus, page: number, signal?: AbortSignal) =>
  apiFetch<TListEmailsResponse>(`/api/staff/emails?status=${status}&page=${page}`, { signal });
export const listEmailsQueryOptions = (status: EmailListStatus, page: number) =>
  queryOptions({ queryKey: adminKeys.emails(status, page), queryFn: ({ signal }) => listEmails(status, page, signal) });
export const useEmails = (status: EmailListStatus, page: number) =>
  useQuery({ ...listEmailsQueryOptions(status, page), placeholderData: keepPreviousData, refetchOnMount: "always" });
