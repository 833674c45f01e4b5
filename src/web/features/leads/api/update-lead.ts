import { useMutation, useQueryClient } from "@tanstack/react-query";
import { leadsOps } from "../../../../shared/operations/leads";
import { call } from "../../../lib/api";
import { leadKeys } from "./query-keys";
import type { TUpdateLeadRequest } from "../../../../shared/leads";

export const updateLead = (id: string, body: TUpdateLeadRequest) => call(leadsOps.updateLead, { params: { id }, body });
export const useUpdateLead = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateLeadRequest) => updateLead(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
};
