import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TListCannedRepliesResponse } from "../../../../shared/support";

type CannedReply = TListCannedRepliesResponse["replies"][number];

export const deleteCannedReply = (id: string) =>
  apiFetch<CannedReply>(`/api/staff/canned-replies/${encodeURIComponent(id)}`, { method: "DELETE" });
export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned() }),
  });
}
