import { operations } from "../api-operation";
import type { UsersSchemas } from "../users";

export const usersOps = operations<UsersSchemas>()({
  listUsers: "GET /api/staff/users",
  banUser: "POST /api/staff/users/{id}/ban",
  unbanUser: "POST /api/staff/users/{id}/unban",
  revokeUserSessions: "POST /api/staff/users/{id}/revoke-sessions",
  resetSecondFactor: "POST /api/staff/users/{id}/reset-second-factor",
  resendUserConfirmation: "POST /api/staff/users/{id}/resend-confirmation",
  setUserRole: "POST /api/staff/users/{id}/role",
});
