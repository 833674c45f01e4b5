import { useMutation, useQueryClient } from "@tanstack/react-query";
import { planOps } from "../../../../shared/operations/plan";
import { call } from "../../../lib/api";
import { planKeys } from "./query-keys";
import type { TCreatePlanItemRequest } from "../../../../shared/plan";

/** The client asks for an automation. */
export const createPlanItem = (body: TCreatePlanItemRequest) => call(planOps.createPlanItem, { body });
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
