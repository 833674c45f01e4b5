import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";
import { companyKeys } from "./query-keys";
import type { TUpdateSecondFactorPolicyRequest } from "../../../../shared/companies";

/** The owner requires a second factor of every member, or stops requiring it. */
export const updateSecondFactorPolicy = (body: TUpdateSecondFactorPolicyRequest) =>
  call(companiesOps.updateSecondFactorPolicy, { body });
export const useUpdateSecondFactorPolicy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecondFactorPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
};
