import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TRemoveMemberResponse } from "../../../../shared/client-detail";

/** Staff take someone out of a client company; they keep their account. */
export const removeMember = (companyId: string, userId: string) =>
  apiFetch<TRemoveMemberResponse>(
    `/api/staff/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}`,
    { method: "DELETE" },
  );
export const useRemoveMember = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(companyId, userId),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
