import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";
import { createPasskey } from "../../../lib/webauthn";
import { accountKeys } from "./query-keys";
import type { TPasskey } from "../../../../shared/better-auth";

export type Passkey = TPasskey;

export const listPasskeysQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.passkeys(),
    queryFn: ({ signal }) => call(betterAuthOps.listPasskeys, { signal }),
  });
export const usePasskeys = () => useQuery(listPasskeysQueryOptions());

/** Adds a passkey: the server's challenge, the browser's authenticator, then the server checks and keeps it. */
export const useAddPasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await call(betterAuthOps.passkeyRegistrationOptions);
      const response = await createPasskey(options);
      return call(betterAuthOps.verifyPasskeyRegistration, { body: { response: { ...response }, name } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }),
  });
};

export const useRemovePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(betterAuthOps.deletePasskey, { body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }),
  });
};
