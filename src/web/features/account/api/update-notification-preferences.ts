import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { accountKeys } from "./query-keys";
import type {
  TGetNotificationPreferencesResponse,
  TUpdateNotificationPreferencesRequest,
} from "../../../../shared/notifications";

export const updateNotificationPreferences = (body: TUpdateNotificationPreferencesRequest) =>
  apiFetch<TGetNotificationPreferencesResponse>("/api/me/notifications", { method: "PUT", json: body });
export const useUpdateNotificationPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.notifications(), saved),
  });
};
