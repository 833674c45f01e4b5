import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TReplyRequest, TTicketChangedResponse } from "../../../../shared/support";

export const replyToTicket = (id: string, body: TReplyRequest) =>
  apiFetch<TTicketChangedResponse>(`/api/tickets/${encodeURIComponent(id)}/messages`, { json: body });
export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReplyRequest) => replyToTicket(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
