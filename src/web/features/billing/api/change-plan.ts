import { useMutation, useQueryClient } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { OperationInput } from "../../../../shared/api-operation";
import type { BillingSchemas, TPlanChangeQuote } from "../../../../shared/billing";

type ChangeBody = OperationInput<BillingSchemas["changePlan"]>["body"];

/** The quote of a plan change: the owner's own company, or (staff) the company given. */
export const quotePlanChange = (planSlug: string, companyId?: string): Promise<TPlanChangeQuote> =>
  companyId
    ? call(billingOps.quoteClientPlanChange, { params: { id: companyId }, query: { planSlug } })
    : call(billingOps.quotePlanChange, { query: { planSlug } });

export const changePlan = (body: ChangeBody, companyId?: string) =>
  companyId
    ? call(billingOps.changeClientPlan, { params: { id: companyId }, body })
    : call(billingOps.changePlan, { body });

/** Changes the plan once its quote is confirmed; the billing screens (and their next invoice) refresh. */
export function useChangePlan(companyId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeBody) => changePlan(body, companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
