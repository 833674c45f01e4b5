import { useMutation, useQueryClient } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";

export const deleteCannedReply = (id: string) => call(supportOps.deleteCannedReply, { params: { id } });
export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned() }),
  });
}
