import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TCannedReplyRequest, TListCannedRepliesResponse } from "../../../../shared/support";

type CannedReply = TListCannedRepliesResponse["replies"][number];

export const saveCannedReply = (body: TCannedReplyRequest) =>
  apiFetch<CannedReply>("/api/staff/canned-replies", { json: body });
export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned() }),
  });
}
