import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { TSubscribeCompanyRequest, TSubscriptionResponse } from "../../../../shared/billing-schemas";

export const subscribeCompany = (companyId: string, body: TSubscribeCompanyRequest) =>
  apiFetch<TSubscriptionResponse>(`/api/staff/companies/${encodeURIComponent(companyId)}/subscription`, { json: body });
export function useSubscribeCompany(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSubscribeCompanyRequest) => subscribeCompany(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
