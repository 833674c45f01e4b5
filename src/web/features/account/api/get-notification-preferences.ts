import { queryOptions, useQuery } from "@tanstack/react-query";
import { notificationsOps } from "../../../../shared/operations/notifications";
import { call } from "../../../lib/api";
import { accountKeys } from "./query-keys";

export const getNotificationPreferences = (signal?: AbortSignal) =>
  call(notificationsOps.getNotificationPreferences, { signal });
export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.notifications(), queryFn: ({ signal }) => getNotificationPreferences(signal) });
export const useNotificationPreferences = () => useQuery(getNotificationPreferencesQueryOptions());
