import { useMutation, useQueryClient } from "@tanstack/react-query";
import { planOps } from "../../../../shared/operations/plan";
import { call } from "../../../lib/api";
import { planKeys } from "./query-keys";
import type { TPlanTransitionRequest } from "../../../../shared/plan";

/**
 * Moves an item: the client's endpoint (approve, decline, revise) or, for staff, the staff
 * endpoint (propose, Building, Live, retire). The server's table decides what is allowed.
 */
export const transitionPlanItem = (side: "client" | "staff", id: string, body: TPlanTransitionRequest) =>
  call(side === "staff" ? planOps.staffTransitionPlanItem : planOps.transitionPlanItem, { params: { id }, body });
export function useTransitionPlanItem(side: "client" | "staff", id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPlanTransitionRequest) => transitionPlanItem(side, id, body),
    onSuccess: async () => {
      // The answer is worded for the side that moved it; the page reads it again for the viewer.
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
