import { useMutation, useQueryClient } from "@tanstack/react-query";
import { planOps } from "../../../../shared/operations/plan";
import { call } from "../../../lib/api";
import { planKeys } from "./query-keys";
import type { TPlanCommentRequest } from "../../../../shared/plan";

/** A comment on an item, from the client or (their own endpoint) from staff. */
export const commentPlanItem = (side: "client" | "staff", id: string, body: TPlanCommentRequest) =>
  call(side === "staff" ? planOps.staffCommentPlanItem : planOps.commentPlanItem, { params: { id }, body });
export function useCommentPlanItem(side: "client" | "staff", id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPlanCommentRequest) => commentPlanItem(side, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.detail(id) }),
  });
}
