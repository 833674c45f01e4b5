import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TTicketChangedResponse, TUpdateTicketRequest } from "../../../../shared/support";

export const updateTicket = (id: string, body: TUpdateTicketRequest) =>
  apiFetch<TTicketChangedResponse>(`/api/staff/tickets/${encodeURIComponent(id)}`, { method: "PATCH", json: body });
export function useUpdateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateTicketRequest) => updateTicket(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
