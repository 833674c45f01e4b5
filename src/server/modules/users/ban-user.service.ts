import { eq } from "drizzle-orm";
import { session, user } from "../../db/schema/auth";
import { conflict, forbidden } from "../../lib/app-error";
import { audit } from "../audit";
import { writeSecurityEvent } from "../security";
import { accountColumns, lockAccount, lockStaffAccess, requireActiveStaff, staffUserOf } from "./user-account";
import type { TBanUserResponse } from "../../../shared/users";
import type { ActorContext } from "../../context/service-context";

/**
 * Bans an account: it cannot sign in (Better Auth's admin plugin refuses it) and every one of
 * its sessions ends now. The ban, the ended sessions, the audit entry and the security-log
 * event are written together. Staff cannot ban themselves, nor the last active staff account.
 */
export async function banUser(ctx: ActorContext, input: { userId: string; reason: string }): Promise<TBanUserResponse> {
  const { actor } = ctx;
  if (input.userId === actor.id) throw forbidden("You cannot ban your own account.");
  return ctx.transaction(async (tx) => {
    await lockStaffAccess(tx.db);
    const active = await requireActiveStaff(tx.db, actor.id);
    const target = await lockAccount(tx.db, input.userId);
    if (target.banned) throw conflict(`${target.email} is already banned.`, "already-banned");
    if (target.role === "admin" && active.filter((id) => id !== target.id).length === 0) {
      throw conflict("This is the last active staff account; it cannot be banned.", "last-staff");
    }
    const [banned] = await tx.db
      .update(user)
      .set({ banned: true, banReason: input.reason, banExpires: null, updatedAt: tx.now })
      .where(eq(user.id, target.id))
      .returning(accountColumns);
    const ended = await tx.db.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id });
    const account = await staffUserOf(tx.db, banned!);
    const sessions = `${ended.length} session${ended.length === 1 ? "" : "s"}`;
    await audit(tx, {
      action: "user.banned",
      companyId: account.company?.id ?? null,
      objectType: "user",
      objectId: target.id,
      summary: `Banned ${target.email} (${input.reason}) and ended their ${sessions}`,
      before: { banned: false },
      after: { banned: true, banReason: input.reason, sessionsEnded: ended.length },
    });
    await writeSecurityEvent(tx.db, {
      type: "user_banned",
      message: `${target.email} was banned: ${input.reason}`,
      userId: target.id,
      email: target.email,
      ip: actor.ip,
      details: { by: actor.email, sessionsEnded: ended.length },
    });
    return { user: account, sessionsEnded: ended.length };
  });
}
