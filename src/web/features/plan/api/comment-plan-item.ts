import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { planKeys } from "./query-keys";
import type { TPlanCommentRequest } from "../../../../shared/plan";
import type { TPlanCommentResponse } from "../../../../shared/plan-responses";

/** A comment on an item, from the client or (their own endpoint) from staff. */
export const commentPlanItem = (side: "client" | "staff", id: string, body: TPlanCommentRequest) =>
  apiFetch<TPlanCommentResponse>(
    `/api/${side === "staff" ? "staff/plan" : "plan"}/items/${encodeURIComponent(id)}/comments`,
    { json: body },
  );
export function useCommentPlanItem(side: "client" | "staff", id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPlanCommentRequest) => commentPlanItem(side, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.detail(id) }),
  });
}
