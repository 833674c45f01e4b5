import { eq } from "drizzle-orm";
import { session } from "../../db/schema/auth";
import { audit } from "../audit";
import { writeSecurityEvent } from "../security";
import { companiesOf, lockAccount } from "./user-account";
import type { TRevokeUserSessionsResponse } from "../../../shared/users";
import type { ActorContext } from "../../context/service-context";

/** Ends every session of an account (it signs in again); written with its audit entry and security-log event. */
export async function revokeUserSessions(ctx: ActorContext, userId: string): Promise<TRevokeUserSessionsResponse> {
  const { actor } = ctx;
  return ctx.transaction(async (tx) => {
    const target = await lockAccount(tx.db, userId);
    const ended = await tx.db.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id });
    const membership = (await companiesOf(tx.db, [target.id])).get(target.id);
    await audit(tx, {
      action: "user.sessions_revoked",
      companyId: membership?.id ?? null,
      objectType: "user",
      objectId: target.id,
      summary: `Ended all ${ended.length} session${ended.length === 1 ? "" : "s"} of ${target.email}`,
      after: { sessionsEnded: ended.length },
    });
    await writeSecurityEvent(tx.db, {
      type: "sessions_revoked",
      message: `All sessions of ${target.email} were revoked`,
      userId: target.id,
      email: target.email,
      ip: actor.ip,
      details: { by: actor.email, sessionsEnded: ended.length },
    });
    return { sessionsEnded: ended.length };
  });
}
