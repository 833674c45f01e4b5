import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TMakeOwnerRequest, TMakeOwnerResponse } from "../../../../shared/client-detail";

/** Staff make a member the company's owner; the previous owner becomes a member. */
export const makeOwner = (companyId: string, body: TMakeOwnerRequest) =>
  apiFetch<TMakeOwnerResponse>(`/api/staff/companies/${encodeURIComponent(companyId)}/owner`, { json: body });
export const useMakeOwner = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => makeOwner(companyId, { userId }),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
