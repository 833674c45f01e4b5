import { operations } from "../api-operation";
import type { BetterAuthSchemas } from "../better-auth";

/**
 * Better Auth's endpoints of the session itself, which every signed-in screen may call: declared
 * apart from the others (better-auth.ts joins them), so that a screen's first download carries
 * only these.
 */
export const betterAuthSessionOps = operations<
  Pick<BetterAuthSchemas, "getSession" | "signOut" | "sendVerificationEmail">
>()({
  signOut: "POST /api/auth/sign-out",
  getSession: "GET /api/auth/get-session",
  sendVerificationEmail: "POST /api/auth/send-verification-email",
});
