import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notificationsOps } from "../../../../shared/operations/notifications";
import { call } from "../../../lib/api";
import { accountKeys } from "./query-keys";

/** Turns off the one preference an email's link names; no sign-in needed, the signed token is enough. */
export const unsubscribeByLink = (token: string) => call(notificationsOps.unsubscribeByLink, { params: { token } });
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
