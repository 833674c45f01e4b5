import { createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { logSecurityEvent } from "../../modules/security/security-log.service";
import type { SecurityEventType } from "../../../shared/security-posture";
import type { Database } from "../../db/client";

const ADMIN_ACTIONS: Record<
  string,
  { type: SecurityEventType; describe: (body: { role?: string; banReason?: string }, who: string) => string }
> = {
  "/admin/set-role": { type: "role_changed", describe: (body, who) => `Role of ${who} set to ${body.role}` },
  "/admin/ban-user": {
    type: "user_banned",
    describe: (body, who) => `${who} was banned${body.banReason ? `: ${body.banReason}` : ""}`,
  },
  "/admin/unban-user": { type: "user_unbanned", describe: (_body, who) => `${who} was unbanned` },
  "/admin/revoke-user-sessions": {
    type: "sessions_revoked",
    describe: (_body, who) => `All sessions of ${who} were revoked`,
  },
};

/** Better Auth's `hooks.after`: staff actions on accounts go to the security log, once they have succeeded. */
export function logStaffActionHook(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    const action = ADMIN_ACTIONS[ctx.path];
    if (!action || ctx.context.returned instanceof Error) return;
    const body = (ctx.body ?? {}) as { userId?: string; role?: string; banReason?: string };
    const actor = ctx.context.session?.user;
    const [target] = body.userId
      ? await db.select({ email: user.email }).from(user).where(eq(user.id, body.userId))
      : [];
    await logSecurityEvent(db, {
      type: action.type,
      message: action.describe(body, target?.email ?? body.userId ?? "unknown user"),
      userId: body.userId,
      email: target?.email,
      details: { by: actor?.email ?? "server", ...(body.role ? { role: body.role } : {}) },
    });
  });
}
