import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TUpdateClientCompanyRequest, TUpdateClientCompanyResponse } from "../../../../shared/client-detail";

/** Staff rename a client company or change its status. */
export const updateClientCompany = (companyId: string, body: TUpdateClientCompanyRequest) =>
  apiFetch<TUpdateClientCompanyResponse>(`/api/staff/companies/${encodeURIComponent(companyId)}`, {
    method: "PATCH",
    json: body,
  });
export const useUpdateClientCompany = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateClientCompanyRequest) => updateClientCompany(companyId, body),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
