import { useMutation, useQueryClient } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TUpdateTicketRequest } from "../../../../shared/support";

export const updateTicket = (id: string, body: TUpdateTicketRequest) =>
  call(supportOps.updateTicket, { params: { id }, body });
export function useUpdateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateTicketRequest) => updateTicket(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
