import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { conflict } from "../../lib/app-error";
import { audit } from "../audit";
import { writeSecurityEvent } from "../security";
import { accountColumns, lockAccount, staffUserOf } from "./user-account";
import type { TUserActionResponse } from "../../../shared/users";
import type { ActorContext } from "../../context/service-context";

/** Lifts a ban: the account can sign in again. Written with its audit entry and security-log event. */
export async function unbanUser(ctx: ActorContext, userId: string): Promise<TUserActionResponse> {
  const { actor } = ctx;
  return ctx.transaction(async (tx) => {
    const target = await lockAccount(tx.db, userId);
    if (!target.banned) throw conflict(`${target.email} is not banned.`, "not-banned");
    const [unbanned] = await tx.db
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: tx.now })
      .where(eq(user.id, target.id))
      .returning(accountColumns);
    const account = await staffUserOf(tx.db, unbanned!);
    await audit(tx, {
      action: "user.unbanned",
      companyId: account.company?.id ?? null,
      objectType: "user",
      objectId: target.id,
      summary: `Unbanned ${target.email}`,
      before: { banned: true, banReason: target.banReason },
      after: { banned: false },
    });
    await writeSecurityEvent(tx.db, {
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
