import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminOps } from "../../../../shared/operations/admin";
import { call } from "../../../lib/api";
import { adminKeys } from "./query-keys";

export const retryEmail = (id: string) => call(adminOps.retryEmail, { params: { id } });
/** The lists of emails and the dashboard's count of undelivered ones both change. */
export const useRetryEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
};
