import { useMutation, useQueryClient } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";
import { accountKeys } from "./query-keys";

/** Signs out every session of the user but this one (Better Auth). */
export const revokeOtherSessions = () => call(betterAuthOps.revokeOtherSessions, { body: {} });
export const useRevokeOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
};
