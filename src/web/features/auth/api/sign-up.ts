import { apiFetch } from "../../../lib/api";
import type { TSignUpRequest } from "../../../../shared/auth-schemas";

/** Called by the AuthProvider; the account waits for its confirmation link. */
export const signUp = (body: TSignUpRequest) =>
  apiFetch<unknown>("/api/auth/sign-up/email", { json: { ...body, name: body.name ?? "", callbackURL: "/" } });
