import { useMutation, useQueryClient } from "@tanstack/react-query";
import { leadsOps } from "../../../../shared/operations/leads";
import { call } from "../../../lib/api";
import { invalidateClientViews, leadKeys } from "./query-keys";
import type { TConvertLeadRequest } from "../../../../shared/leads";

export const convertLead = (id: string, body: TConvertLeadRequest) =>
  call(leadsOps.convertLead, { params: { id }, body });
export const useConvertLead = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TConvertLeadRequest) => convertLead(id, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: leadKeys.all }), invalidateClientViews(queryClient)]),
  });
};
