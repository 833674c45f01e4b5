import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { accountKeys } from "./query-keys";
import type { TUnsubscribeResponse } from "../../../../shared/notifications";

/** What an email's unsubscribe link would turn off; reading it changes nothing. */
export const getUnsubscribeLink = (token: string, signal?: AbortSignal) =>
  apiFetch<TUnsubscribeResponse>(`/api/email-preferences/unsubscribe/${encodeURIComponent(token)}`, { signal });
export const getUnsubscribeLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.unsubscribeLink(token),
    queryFn: ({ signal }) => getUnsubscribeLink(token, signal),
    retry: false,
  });
export const useUnsubscribeLink = (token: string) => useQuery(getUnsubscribeLinkQueryOptions(token));
