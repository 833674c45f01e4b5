import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { userKeys } from "./query-keys";
import type { TResendUserConfirmationResponse } from "../../../../shared/users";

export const resendUserConfirmation = (userId: string) =>
  apiFetch<TResendUserConfirmationResponse>(`/api/staff/users/${encodeURIComponent(userId)}/resend-confirmation`, {
    method: "POST",
  });
export const useResendUserConfirmation = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendUserConfirmation(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
