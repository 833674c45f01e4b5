import { QueryClient } from "@tanstack/react-query";
import { QUERY_RETRY, QUERY_STALE_TIME_MS } from "../../shared/constants";
import { ApiError } from "./api";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        // The seed: a failed fetch is retried once; a 4xx answer will not change on retry.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < QUERY_RETRY,
      },
    },
  });
}

/**
 * Whose data each cache holds. Kept beside the client, not in the auth provider, because the
 * provider unmounts on the marketing pages while the cache lives on for the whole tab.
 */
const cacheOwners = new WeakMap<QueryClient, string | null>();

/**
 * Records who is signed in (null: nobody) and empties the cache when that changes, so that
 * the next person in the same tab is never shown the previous person's data.
 */
export function setCacheOwner(queryClient: QueryClient, userId: string | null): void {
  if (cacheOwners.has(queryClient) && cacheOwners.get(queryClient) !== userId) queryClient.clear();
  cacheOwners.set(queryClient, userId);
}
