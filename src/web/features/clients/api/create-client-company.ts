import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TCreateClientCompanyRequest, TCreateClientCompanyResponse } from "../../../../shared/companies";

export const createClientCompany = (body: TCreateClientCompanyRequest) =>
  apiFetch<TCreateClientCompanyResponse>("/api/staff/companies", { json: body });
export const useCreateClientCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientCompany,
    onSuccess: () => invalidateClientViews(queryClient),
  });
};
