import { useMutation, useQueryClient } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TCreateTicketRequest } from "../../../../shared/support";

export const createTicket = (body: TCreateTicketRequest) => call(supportOps.createTicket, { body });
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
