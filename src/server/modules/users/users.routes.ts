import { usersOps } from "../../../shared/operations/users";
import { usersSchemas } from "../../../shared/users";
import { conflictResponse, errorResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { banUser } from "./ban-user.service";
import { listUsers } from "./list-users.service";
import { resendUserConfirmation } from "./resend-user-confirmation.service";
import { resetSecondFactor } from "./reset-second-factor.service";
import { revokeUserSessions } from "./revoke-user-sessions.service";
import { setUserRole } from "./set-user-role.service";
import { unbanUser } from "./unban-user.service";

const staff = { access: "staff", tag: "Staff: users" } as const;

const listUsersEndpoint = operationEndpoint({
  ...staff,
  operation: usersOps.listUsers,
  schemas: usersSchemas.listUsers,
  summary: "Every account, newest first: search by name or email, filter by role, state and sign-up date",
  ok: "One page of accounts.",
});

const banUserEndpoint = operationEndpoint({
  ...staff,
  operation: usersOps.banUser,
  schemas: usersSchemas.banUser,
  summary: "Ban an account",
  description: "It cannot sign in, and every one of its sessions ends now.",
  ok: "Banned; its sessions have ended.",
  responses: {
    403: errorResponse("Not staff, or the caller's own account."),
    ...conflictResponse("Already banned, or the last active staff account."),
  },
});

const unbanUserEndpoint = operationEndpoint({
  ...staff,
  operation: usersOps.unbanUser,
  schemas: usersSchemas.unbanUser,
  summary: "Lift an account's ban",
  description: "It can sign in again.",
  ok: "Unbanned.",
  responses: conflictResponse("Not banned."),
});

const revokeSessionsEndpoint = operationEndpoint({
  ...staff,
  operation: usersOps.revokeUserSessions,
  schemas: usersSchemas.revokeUserSessions,
  summary: "End every session of an account",
  description: "It signs in again.",
  ok: "Ended.",
});

const resetSecondFactorEndpoint = operationEndpoint({
  ...staff,
  operation: usersOps.resetSecondFactor,
  schemas: usersSchemas.resetSecondFactor,
  summary: "Remove an account's second factor, when its owner lost it",
  description:
    "Its authenticator app and recovery codes are removed and its sessions end; the person is mailed, and sets up " +
    "a new one at their next sign-in. Audited. Not for the caller's own account.",
  ok: "Reset.",
  responses: {
    403: errorResponse("Not staff, or the caller's own account."),
    ...conflictResponse("The account has no second factor."),
  },
});

const resendConfirmationEndpoint = operationEndpoint({
  ...staff,
  operation: usersOps.resendUserConfirmation,
  schemas: usersSchemas.resendUserConfirmation,
  summary: "Send an unconfirmed account a new confirmation link",
  description:
    "The same mail and single-use link as the account's own Resend, with the same one-minute wait per address.",
  ok: "Sent.",
  responses: conflictResponse("The address is already confirmed."),
});

const setRoleEndpoint = operationEndpoint({
  ...staff,
  operation: usersOps.setUserRole,
  schemas: usersSchemas.setUserRole,
  summary: "Make an account staff or a client",
  description:
    "Staff do not belong to client companies: a promoted client leaves theirs (refused for the owner of a company " +
    "that has other members). The last active staff account can never be made a client.",
  ok: "Changed.",
  responses: conflictResponse(
    "Already that role, the last active staff account, banned, or the owner of a company with members.",
  ),
});

/** Staff administer accounts; each action is audited with the change. */
export function staffUsersEndpoints({ secret }: { secret: string }) {
  return [
    handle(listUsersEndpoint, async (c) => c.json(await listUsers(contextOf(c), c.req.valid("query")), 200)),
    handle(banUserEndpoint, async (c) => {
      const input = { userId: c.req.valid("param").id, reason: c.req.valid("json").reason };
      return c.json(await banUser(actorContextOf(c), input), 200);
    }),
    handle(unbanUserEndpoint, async (c) => c.json(await unbanUser(actorContextOf(c), c.req.valid("param").id), 200)),
    handle(revokeSessionsEndpoint, async (c) =>
      c.json(await revokeUserSessions(actorContextOf(c), c.req.valid("param").id), 200),
    ),
    handle(resetSecondFactorEndpoint, async (c) =>
      c.json(await resetSecondFactor(actorContextOf(c), c.req.valid("param").id), 200),
    ),
    handle(resendConfirmationEndpoint, async (c) =>
      c.json(await resendUserConfirmation(actorContextOf(c), { userId: c.req.valid("param").id, secret }), 200),
    ),
    handle(setRoleEndpoint, async (c) => {
      const input = { userId: c.req.valid("param").id, role: c.req.valid("json").role };
      return c.json(await setUserRole(actorContextOf(c), input), 200);
    }),
  ];
}
