import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { TStartViewAsResponse } from "../../../../shared/view-as";

export const startViewAs = (companyId: string) =>
  apiFetch<TStartViewAsResponse>(`/api/staff/companies/${encodeURIComponent(companyId)}/view-as`, { method: "POST" });
/** Every cached answer was the staff view: all of it is dropped, so nothing of it shows in the client's. */
export const useStartViewAs = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startViewAs, onSuccess: () => queryClient.resetQueries() });
};
