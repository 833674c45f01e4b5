import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { TChangePlanRequest, TChangePlanResponse } from "../../../../shared/billing-schemas";

export const changePlan = (body: TChangePlanRequest) =>
  apiFetch<TChangePlanResponse>("/api/billing/plan", { json: body });
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.own() }),
  });
}
