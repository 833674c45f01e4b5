import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { leadKeys } from "./query-keys";
import type { TUpdateLeadRequest, TUpdateLeadResponse } from "../../../../shared/leads";

export const updateLead = (id: string, body: TUpdateLeadRequest) =>
  apiFetch<TUpdateLeadResponse>(`/api/staff/leads/${encodeURIComponent(id)}`, { method: "PATCH", json: body });
export const useUpdateLead = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateLeadRequest) => updateLead(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
};
