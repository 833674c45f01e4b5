import { useMutation, useQueryClient } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { TBillingDetailsRequest } from "../../../../shared/billing";

/** Saves the legal details on a company's invoices: the owner's own, or (staff) the company given. */
export const saveBillingDetails = (body: TBillingDetailsRequest, companyId?: string) =>
  companyId
    ? call(billingOps.saveClientBillingDetails, { params: { id: companyId }, body })
    : call(billingOps.saveBillingDetails, { body });

export function useSaveBillingDetails(companyId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBillingDetailsRequest) => saveBillingDetails(body, companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
