import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminOps } from "../../../../shared/operations/admin";
import { call } from "../../../lib/api";
import { adminKeys } from "./query-keys";
import type { TListEmailsQuery } from "../../../../shared/admin";

export type EmailListStatus = NonNullable<TListEmailsQuery["status"]>;

export const listEmails = (status: EmailListStatus, page: number, signal?: AbortSignal) =>
  call(adminOps.listEmails, { query: { status, page }, signal });
export const listEmailsQueryOptions = (status: EmailListStatus, page: number) =>
  queryOptions({ queryKey: adminKeys.emails(status, page), queryFn: ({ signal }) => listEmails(status, page, signal) });
export const useEmails = (status: EmailListStatus, page: number) =>
  useQuery({ ...listEmailsQueryOptions(status, page), placeholderData: keepPreviousData, refetchOnMount: "always" });
