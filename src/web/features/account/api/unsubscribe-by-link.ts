import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { accountKeys } from "./query-keys";
import type { TUnsubscribeResponse } from "../../../../shared/notifications";

/** Turns off the one preference an email's link names; no sign-in needed, the signed token is enough. */
export const unsubscribeByLink = (token: string) =>
  apiFetch<TUnsubscribeResponse>(`/api/email-preferences/unsubscribe/${encodeURIComponent(token)}`, {
    method: "POST",
  });
export const useUnsubscribeByLink = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribeByLink(token),
    onSuccess: (result) => {
      queryClient.setQueryData(accountKeys.unsubscribeLink(token), result);
      void queryClient.invalidateQueries({ queryKey: accountKeys.notifications() });
    },
  });
};
