import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { meOps } from "../../../../shared/operations/me";
import { call } from "../../../lib/api";
import { accountKeys } from "./query-keys";

/** The browsers where signing in skips the second factor ("Trust this device for 30 days"). */
export const listTrustedBrowsers = (signal?: AbortSignal) => call(meOps.listTrustedBrowsers, { signal });
export const trustedBrowsersQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.trustedBrowsers(), queryFn: ({ signal }) => listTrustedBrowsers(signal) });
export const useTrustedBrowsers = () => useQuery(trustedBrowsersQueryOptions());

/** Forgets one trusted browser (`id`), or every one: their next sign-in asks for the code again. */
export const forgetTrustedBrowsers = (id?: string) =>
  id ? call(meOps.forgetTrustedBrowser, { params: { id } }) : call(meOps.forgetTrustedBrowsers, {});
export const useForgetTrustedBrowsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetTrustedBrowsers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.trustedBrowsers() }),
  });
};
