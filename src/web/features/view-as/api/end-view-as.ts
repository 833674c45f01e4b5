import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { TEndViewAsResponse } from "../../../../shared/view-as";

export const endViewAs = () => apiFetch<TEndViewAsResponse>("/api/staff/view-as", { method: "DELETE" });
/** Every cached answer was the client's view: all of it is dropped before the staff screens come back. */
export const useEndViewAs = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endViewAs, onSuccess: () => queryClient.resetQueries() });
};
