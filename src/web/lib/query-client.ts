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
