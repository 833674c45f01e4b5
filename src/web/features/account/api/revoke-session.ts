import { useMutation, useQueryClient } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";
import { accountKeys } from "./query-keys";

/** Signs one of the user's sessions out (Better Auth). */
export const revokeSession = (token: string) => call(betterAuthOps.revokeSession, { body: { token } });
export const useRevokeSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
};
