import { useMutation, useQueryClient } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { OperationInput } from "../../../../shared/api-operation";
import type { BillingSchemas } from "../../../../shared/billing";

export const changePlan = (body: OperationInput<BillingSchemas["changePlan"]>["body"]) =>
  call(billingOps.changePlan, { body });
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.own() }),
  });
}
