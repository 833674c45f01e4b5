import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** Better Auth mails a confirmation link to the new address; the address changes when it is opened. */
export const changeEmail = (newEmail: string) =>
  apiFetch<{ status: boolean }>("/api/auth/change-email", { json: { newEmail, callbackURL: "/account" } });
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
