import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TCreateClientCompanyRequest } from "../../../../shared/companies";

export const createClientCompany = (body: TCreateClientCompanyRequest) =>
  call(companiesOps.createClientCompany, { body });
export const useCreateClientCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientCompany,
    onSuccess: () => invalidateClientViews(queryClient),
  });
};
