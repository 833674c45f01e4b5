import { useMutation, useQueryClient } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TReplyRequest } from "../../../../shared/support";

export const replyToTicket = (id: string, body: TReplyRequest) =>
  call(supportOps.replyToTicket, { params: { id }, body });
export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReplyRequest) => replyToTicket(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
