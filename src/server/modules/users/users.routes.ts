import { ZErrorResponse } from "../../../shared/api-error";
import {
  ZBanUserRequest,
  ZBanUserResponse,
  ZListUsersQuery,
  ZListUsersResponse,
  ZResendUserConfirmationResponse,
  ZRevokeUserSessionsResponse,
  ZSetUserRoleRequest,
  ZUserActionResponse,
  ZUserIdParam,
} from "../../../shared/users";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { banUser } from "./ban-user.service";
import { listUsers } from "./list-users.service";
import { resendUserConfirmation } from "./resend-user-confirmation.service";
import { revokeUserSessions } from "./revoke-user-sessions.service";
import { setUserRole } from "./set-user-role.service";
import { unbanUser } from "./unban-user.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const staff = { access: "staff", tag: "Staff: users" } as const;
const conflict = (description: string) => ({ 409: json(ZErrorResponse, description) });

const listUsersEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/",
  operationId: "listUsers",
  summary: "Every account, newest first: search by name or email, filter by role, state and sign-up date",
  request: { query: ZListUsersQuery },
  responses: { 200: json(ZListUsersResponse, "One page of accounts.") },
});

const action = <P extends string>(path: P, operationId: string, summary: string, description: string) =>
  ({ ...staff, method: "post", path, operationId, summary, description, request: { params: ZUserIdParam } }) as const;

const banUserEndpoint = endpoint({
  ...action("/{id}/ban", "banUser", "Ban an account", "It cannot sign in, and every one of its sessions ends now."),
  request: { params: ZUserIdParam, body: ZBanUserRequest.meta({ example: { reason: "Shared the account" } }) },
  responses: {
    200: json(ZBanUserResponse, "Banned; its sessions have ended."),
    403: json(ZErrorResponse, "Not staff, or the caller's own account."),
    ...conflict("Already banned, or the last active staff account."),
  },
});

const unbanUserEndpoint = endpoint({
  ...action("/{id}/unban", "unbanUser", "Lift an account's ban", "It can sign in again."),
  responses: { 200: json(ZUserActionResponse, "Unbanned."), ...conflict("Not banned.") },
});

const revokeSessionsEndpoint = endpoint({
  ...action("/{id}/revoke-sessions", "revokeUserSessions", "End every session of an account", "It signs in again."),
  responses: { 200: json(ZRevokeUserSessionsResponse, "Ended.") },
});

const resendConfirmationEndpoint = endpoint({
  ...action(
    "/{id}/resend-confirmation",
    "resendUserConfirmation",
    "Send an unconfirmed account a new confirmation link",
    "The same mail and single-use link as the account's own Resend, with the same one-minute wait per address.",
  ),
  responses: {
    200: json(ZResendUserConfirmationResponse, "Sent."),
    ...conflict("The address is already confirmed."),
  },
});

const setRoleEndpoint = endpoint({
  ...action(
    "/{id}/role",
    "setUserRole",
    "Make an account staff or a client",
    "Staff do not belong to client companies: a promoted client leaves theirs (refused for the owner of a company " +
      "that has other members). The last active staff account can never be made a client.",
  ),
  request: { params: ZUserIdParam, body: ZSetUserRoleRequest.meta({ example: { role: "admin" } }) },
  responses: {
    200: json(ZUserActionResponse, "Changed."),
    ...conflict("Already that role, the last active staff account, banned, or the owner of a company with members."),
  },
});

/** Staff administer accounts (mounted at /api/staff/users); each action is audited with the change. */
export function staffUsersRoutes({
  db,
  config,
  secret,
  mailer,
}: {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
}) {
  const links = { secret, appUrl: config.APP_URL, ttlMinutes: config.EMAIL_LINK_TTL_MINUTES };
  return createRouter()
    .openapi(listUsersEndpoint, async (c) => c.json(await listUsers(db, c.req.valid("query")), 200))
    .openapi(banUserEndpoint, async (c) => {
      const input = { userId: c.req.valid("param").id, reason: c.req.valid("json").reason };
      return c.json(await banUser(db, actorOf(c), input), 200);
    })
    .openapi(unbanUserEndpoint, async (c) => c.json(await unbanUser(db, actorOf(c), c.req.valid("param").id), 200))
    .openapi(revokeSessionsEndpoint, async (c) =>
      c.json(await revokeUserSessions(db, actorOf(c), c.req.valid("param").id), 200),
    )
    .openapi(resendConfirmationEndpoint, async (c) => {
      const sent = await resendUserConfirmation(db, actorOf(c), c.req.valid("param").id, links);
      mailer.nudge();
      return c.json(sent, 200);
    })
    .openapi(setRoleEndpoint, async (c) => {
      const input = { userId: c.req.valid("param").id, role: c.req.valid("json").role };
      return c.json(await setUserRole(db, actorOf(c), input), 200);
    });
}
