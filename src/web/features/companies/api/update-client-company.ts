import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clientDetailOps } from "../../../../shared/operations/client-detail";
import { call } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TUpdateClientCompanyRequest } from "../../../../shared/client-detail";

/** Staff rename a client company (its status follows its books, ADR 0031). */
export const updateClientCompany = (companyId: string, body: TUpdateClientCompanyRequest) =>
  call(clientDetailOps.updateClientCompany, { params: { id: companyId }, body });
export const useUpdateClientCompany = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateClientCompanyRequest) => updateClientCompany(companyId, body),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
