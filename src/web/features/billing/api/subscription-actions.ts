import { useMutation, useQueryClient } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { TCancelSubscriptionRequest, TSubscriptionResponse } from "../../../../shared/billing";

/** Staff's actions on a client's subscription: end or extend a trial, cancel, call a cancellation off. */
export type SubscriptionAction =
  | { kind: "end-trial" }
  | { kind: "extend-trial"; days: number }
  | { kind: "cancel"; when: TCancelSubscriptionRequest["when"] }
  | { kind: "resume" };

export function runSubscriptionAction(companyId: string, action: SubscriptionAction): Promise<TSubscriptionResponse> {
  const params = { id: companyId };
  switch (action.kind) {
    case "end-trial":
      return call(billingOps.endTrial, { params });
    case "extend-trial":
      return call(billingOps.extendTrial, { params, body: { days: action.days } });
    case "cancel":
      return call(billingOps.cancelSubscription, { params, body: { when: action.when } });
    case "resume":
      return call(billingOps.resumeSubscription, { params });
  }
}

export function useSubscriptionAction(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SubscriptionAction) => runSubscriptionAction(companyId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
