import { z } from "zod";
import { ROLES } from "./constants";
import { LIMITS, plainString, textField } from "./fields";

/* Staff administering accounts: the users table and the actions on one account. */

export const USER_STATES = ["banned", "unconfirmed"] as const;
export type UserState = (typeof USER_STATES)[number];
export const USERS_PAGE_SIZE = 25;

/** Account ids are Better Auth's (random text) or UUIDs (accounts made by the commands). */
export const ZUserIdParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid user id"),
});

export const ZListUsersQuery = z.object({
  q: plainString(LIMITS.text).optional().meta({ description: "Part of the name or email address." }),
  role: z.enum(ROLES, { error: "Role must be client or admin" }).optional(),
  state: z.enum(USER_STATES, { error: "State must be banned or unconfirmed" }).optional(),
  signedUpWithin: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(1, "Enter at least 1 day")
    .max(3650, "Enter at most 3650 days")
    .optional()
    .meta({ description: "Only accounts made in the last N days." }),
  page: z.coerce.number({ error: "Not a page number" }).int().min(1).max(100_000).default(1),
});
export type TListUsersQuery = z.input<typeof ZListUsersQuery>;

export const ZStaffUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES).meta({ description: "admin is agency staff." }),
  emailVerified: z.boolean(),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  twoFactorEnabled: z.boolean().meta({ description: "An authenticator app is set up as a second factor." }),
  passkeys: z.number().int().min(0).meta({ description: "How many passkeys the account has (each is both factors)." }),
  createdAt: z.iso.datetime(),
  company: z
    .object({ id: z.uuid(), name: z.string(), role: z.enum(["owner", "member"]) })
    .nullable()
    .meta({ description: "The client company the account belongs to; null for staff." }),
});
export type TStaffUser = z.infer<typeof ZStaffUser>;

/** Newest accounts first, one page at a time. */
export const ZListUsersResponse = z.object({
  users: z.array(ZStaffUser),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type TListUsersResponse = z.infer<typeof ZListUsersResponse>;

export const ZBanUserRequest = z
  .object({ reason: textField.meta({ description: "Why; shown in the logs." }) })
  .strict();
export type TBanUserRequest = z.input<typeof ZBanUserRequest>;

export const ZSetUserRoleRequest = z
  .object({ role: z.enum(ROLES, { error: "Role must be client or admin" }) })
  .strict();
export type TSetUserRoleRequest = z.input<typeof ZSetUserRoleRequest>;

/** The account after the change. */
export const ZUserActionResponse = z.object({ user: ZStaffUser });
export type TUserActionResponse = z.infer<typeof ZUserActionResponse>;

export const ZBanUserResponse = ZUserActionResponse.extend({
  sessionsEnded: z.number().int().min(0).meta({ description: "Sessions ended with the ban." }),
});
export type TBanUserResponse = z.infer<typeof ZBanUserResponse>;

export const ZRevokeUserSessionsResponse = z.object({
  sessionsEnded: z.number().int().min(0),
});
export type TRevokeUserSessionsResponse = z.infer<typeof ZRevokeUserSessionsResponse>;

export const ZResendUserConfirmationResponse = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime().meta({ description: "The new link stops working then." }),
});
export type TResendUserConfirmationResponse = z.infer<typeof ZResendUserConfirmationResponse>;

/** The staff users API, operation by operation (its methods and paths: `operations/users.ts`). */
export const usersSchemas = {
  listUsers: { query: ZListUsersQuery, response: ZListUsersResponse },
  banUser: {
    params: ZUserIdParam,
    body: ZBanUserRequest.meta({ example: { reason: "Shared the account" } }),
    response: ZBanUserResponse,
  },
  unbanUser: { params: ZUserIdParam, response: ZUserActionResponse },
  revokeUserSessions: { params: ZUserIdParam, response: ZRevokeUserSessionsResponse },
  resetSecondFactor: { params: ZUserIdParam, response: ZUserActionResponse },
  resendUserConfirmation: { params: ZUserIdParam, response: ZResendUserConfirmationResponse },
  setUserRole: {
    params: ZUserIdParam,
    body: ZSetUserRoleRequest.meta({ example: { role: "admin" } }),
    response: ZUserActionResponse,
  },
};
export type UsersSchemas = typeof usersSchemas;
