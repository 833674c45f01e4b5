import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { planKeys } from "./query-keys";
import type { TCreatePlanItemRequest } from "../../../../shared/plan";
import type { TGetPlanItemResponse } from "../../../../shared/plan-responses";

/** The client asks for an automation. */
export const createPlanItem = (body: TCreatePlanItemRequest) =>
  apiFetch<TGetPlanItemResponse>("/api/plan/items", { json: body });
export function useCreatePlanItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlanItem,
    onSuccess: (item) => {
      queryClient.setQueryData(planKeys.detail(item.id), item);
      return queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
