import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { conflict } from "../../lib/app-error";
import { recordAudit, type AuditActor } from "../audit";
import { writeSecurityEvent } from "../security";
import { accountColumns, lockAccount, staffUserOf } from "./user-account";
import type { TUserActionResponse } from "../../../shared/users";
import type { Database } from "../../db/client";

/** Lifts a ban: the account can sign in again. Written with its audit entry and security-log event. */
export async function unbanUser(db: Database, actor: AuditActor, userId: string): Promise<TUserActionResponse> {
  return db.transaction(async (tx) => {
    const target = await lockAccount(tx, userId);
    if (!target.banned) throw conflict(`${target.email} is not banned.`, "not-banned");
    const [unbanned] = await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, target.id))
      .returning(accountColumns);
    const account = await staffUserOf(tx, unbanned!);
    await recordAudit(tx, actor, {
      action: "user.unbanned",
      companyId: account.company?.id ?? null,
      objectType: "user",
      objectId: target.id,
      summary: `Unbanned ${target.email}`,
      before: { banned: true, banReason: target.banReason },
      after: { banned: false },
    });
    await writeSecurityEvent(tx, {
      type: "user_unbanned",
      message: `${target.email} was unbanned`,
      userId: target.id,
      email: target.email,
      ip: actor.ip,
      details: { by: actor.email },
    });
    return { user: account };
  });
}
