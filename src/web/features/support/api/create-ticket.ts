import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TCreateTicketRequest, TTicketChangedResponse } from "../../../../shared/support";

export const createTicket = (body: TCreateTicketRequest) =>
  apiFetch<TTicketChangedResponse>("/api/tickets", { json: body });
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
