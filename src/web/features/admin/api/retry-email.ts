import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { adminKeys } from "./query-keys";
import type { TRetryEmailResponse } from "../../../../shared/admin";

export const retryEmail = (id: string) =>
  apiFetch<TRetryEmailResponse>(`/api/staff/emails/${encodeURIComponent(id)}/retry`, { method: "POST" });
/** The lists of emails and the dashboard's count of undelivered ones both change. */
export const useRetryEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
};
