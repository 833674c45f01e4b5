import { useMutation } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";

/** Better Auth mails a confirmation link to the new address; the address changes when it is opened. */
export const changeEmail = (newEmail: string) =>
  call(betterAuthOps.changeEmail, { body: { newEmail, callbackURL: "/account" } });
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
