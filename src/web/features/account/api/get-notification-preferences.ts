import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { accountKeys } from "./query-keys";
import type { TGetNotificationPreferencesResponse } from "../../../../shared/notifications";

export const getNotificationPreferences = (signal?: AbortSignal) =>
  apiFetch<TGetNotificationPreferencesResponse>("/api/me/notifications", { signal });
export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.notifications(), queryFn: ({ signal }) => getNotificationPreferences(signal) });
export const useNotificationPreferences = () => useQuery(getNotificationPreferencesQueryOptions());
