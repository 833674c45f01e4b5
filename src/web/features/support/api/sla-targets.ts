import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TSlaTargetsResponse, TUpdateSlaTargetsRequest } from "../../../../shared/support";

export const listSlaTargets = (signal?: AbortSignal) =>
  apiFetch<TSlaTargetsResponse>("/api/staff/sla-targets", { signal });
export const useSlaTargets = (enabled: boolean) =>
  useQuery({ queryKey: supportKeys.slaTargets(), queryFn: ({ signal }) => listSlaTargets(signal), enabled });

export const updateSlaTargets = (body: TUpdateSlaTargetsRequest) =>
  apiFetch<TSlaTargetsResponse>("/api/staff/sla-targets", { method: "PUT", json: body });
/** Saving new targets changes every open ticket's deadlines: the queue and its tiles are read again. */
export function useUpdateSlaTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSlaTargets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
