import { useMutation, useQueryClient } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TCannedReplyRequest } from "../../../../shared/support";

export const saveCannedReply = (body: TCannedReplyRequest) => call(supportOps.saveCannedReply, { body });
export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned() }),
  });
}
