import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TUpdateSlaTargetsRequest } from "../../../../shared/support";

export const listSlaTargets = (signal?: AbortSignal) => call(supportOps.listSlaTargets, { signal });
export const useSlaTargets = (enabled: boolean) =>
  useQuery({ queryKey: supportKeys.slaTargets(), queryFn: ({ signal }) => listSlaTargets(signal), enabled });

export const updateSlaTargets = (body: TUpdateSlaTargetsRequest) => call(supportOps.updateSlaTargets, { body });
/** Saving new targets changes every open ticket's deadlines: the queue and its tiles are read again. */
export function useUpdateSlaTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSlaTargets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
