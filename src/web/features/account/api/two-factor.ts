import { useMutation } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";
import type { TDisableTwoFactorRequest } from "../../../../shared/better-auth-requests";

/** Starts setting up an authenticator app: its secret (in an otpauth:// address) and the recovery codes. */
export const useEnableTwoFactor = () =>
  useMutation({ mutationFn: (password: string) => call(betterAuthOps.enableTwoFactor, { body: { password } }) });

/** Confirms the new app with a current code: only then is it on. */
export const useConfirmTwoFactor = () =>
  useMutation({ mutationFn: (code: string) => call(betterAuthOps.verifyTotp, { body: { code } }) });

/** New recovery codes; the old ones stop working. */
export const useRenewRecoveryCodes = () =>
  useMutation({
    mutationFn: (password: string) => call(betterAuthOps.generateRecoveryCodes, { body: { password } }),
  });

/** Turns the app off: the password and a current code. */
export const useDisableTwoFactor = () =>
  useMutation({
    mutationFn: (body: TDisableTwoFactorRequest) => call(betterAuthOps.disableTwoFactor, { body }),
  });
