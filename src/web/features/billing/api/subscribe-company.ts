import { useMutation, useQueryClient } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { TSubscribeCompanyRequest } from "../../../../shared/billing";

export const subscribeCompany = (companyId: string, body: TSubscribeCompanyRequest) =>
  call(billingOps.subscribeCompany, { params: { id: companyId }, body });
export function useSubscribeCompany(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSubscribeCompanyRequest) => subscribeCompany(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
