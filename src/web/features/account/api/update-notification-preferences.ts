import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notificationsOps } from "../../../../shared/operations/notifications";
import { call } from "../../../lib/api";
import { accountKeys } from "./query-keys";
import type { TUpdateNotificationPreferencesRequest } from "../../../../shared/notifications";

export const updateNotificationPreferences = (body: TUpdateNotificationPreferencesRequest) =>
  call(notificationsOps.updateNotificationPreferences, { body });
export const useUpdateNotificationPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.notifications(), saved),
  });
};
