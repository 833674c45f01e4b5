import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateClientViews, leadKeys } from "./query-keys";
import type { TConvertLeadRequest, TConvertLeadResponse } from "../../../../shared/leads";

export const convertLead = (id: string, body: TConvertLeadRequest) =>
  apiFetch<TConvertLeadResponse>(`/api/staff/leads/${encodeURIComponent(id)}/convert`, { json: body });
export const useConvertLead = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TConvertLeadRequest) => convertLead(id, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: leadKeys.all }), invalidateClientViews(queryClient)]),
  });
};
