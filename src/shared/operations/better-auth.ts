import { operations } from "../api-operation";
import { betterAuthSessionOps } from "./better-auth-session";
import type { BetterAuthSchemas } from "../better-auth";

/** Better Auth's endpoints the portal uses (server/auth/better-auth-endpoints.ts); Better Auth serves them. */
export const betterAuthOps = {
  ...betterAuthSessionOps,
  ...operations<Omit<BetterAuthSchemas, keyof typeof betterAuthSessionOps>>()({
    signUpEmail: "POST /api/auth/sign-up/email",
    signInEmail: "POST /api/auth/sign-in/email",
    verifyEmail: "GET /api/auth/verify-email",
    requestPasswordReset: "POST /api/auth/request-password-reset",
    resetPassword: "POST /api/auth/reset-password",
    updateUser: "POST /api/auth/update-user",
    changeEmail: "POST /api/auth/change-email",
    changePassword: "POST /api/auth/change-password",
    listSessions: "GET /api/auth/list-sessions",
    revokeSession: "POST /api/auth/revoke-session",
    revokeOtherSessions: "POST /api/auth/revoke-other-sessions",
    deleteUser: "POST /api/auth/delete-user",
    enableTwoFactor: "POST /api/auth/two-factor/enable",
    verifyTotp: "POST /api/auth/two-factor/verify-totp",
    verifyRecoveryCode: "POST /api/auth/two-factor/verify-backup-code",
    generateRecoveryCodes: "POST /api/auth/two-factor/generate-backup-codes",
    disableTwoFactor: "POST /api/auth/two-factor/disable",
    passkeyRegistrationOptions: "GET /api/auth/passkey/generate-register-options",
    verifyPasskeyRegistration: "POST /api/auth/passkey/verify-registration",
    listPasskeys: "GET /api/auth/passkey/list-user-passkeys",
    deletePasskey: "POST /api/auth/passkey/delete-passkey",
    passkeySignInOptions: "GET /api/auth/passkey/generate-authenticate-options",
    verifyPasskeySignIn: "POST /api/auth/passkey/verify-authentication",
  }),
};
