import { queryOptions, useQuery } from "@tanstack/react-query";
import { notificationsOps } from "../../../../shared/operations/notifications";
import { call } from "../../../lib/api";
import { accountKeys } from "./query-keys";

/** What an email's unsubscribe link would turn off; reading it changes nothing. */
export const getUnsubscribeLink = (token: string, signal?: AbortSignal) =>
  call(notificationsOps.readUnsubscribeLink, { params: { token }, signal });
export const getUnsubscribeLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.unsubscribeLink(token),
    queryFn: ({ signal }) => getUnsubscribeLink(token, signal),
    retry: false,
  });
export const useUnsubscribeLink = (token: string) => useQuery(getUnsubscribeLinkQueryOptions(token));
