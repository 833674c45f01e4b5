import { eq } from "drizzle-orm";
import { passkey, session, twoFactor, user } from "../../db/schema/auth";
import { conflict, forbidden } from "../../lib/app-error";
import { secondFactorChangedMail } from "../../mail/templates";
import { audit } from "../audit";
import { writeSecurityEvent } from "../security";
import { companiesOf, lockAccount, staffUserOf } from "./user-account";
import type { TUserActionResponse } from "../../../shared/users";
import type { ActorContext } from "../../context/service-context";

/**
 * Removes an account's authenticator app, recovery codes and passkeys (its owner lost them) and
 * ends its sessions: it signs in with the password and sets up a new one. Audited, in the security log, and
 * mailed to the person ("If this was not you…"), all in one transaction.
 */
export async function resetSecondFactor(ctx: ActorContext, userId: string): Promise<TUserActionResponse> {
  const { actor } = ctx;
  if (userId === actor.id) throw forbidden("Staff cannot reset their own second factor: ask another staff member.");
  return ctx.transaction(async (tx) => {
    const target = await lockAccount(tx.db, userId);
    if (!target.twoFactorEnabled && target.passkeys === 0) {
      throw conflict(`${target.email} has no second factor to reset.`);
    }
    await tx.db.delete(twoFactor).where(eq(twoFactor.userId, target.id));
    await tx.db.delete(passkey).where(eq(passkey.userId, target.id));
    await tx.db.update(user).set({ twoFactorEnabled: false, updatedAt: ctx.now }).where(eq(user.id, target.id));
    await tx.db.delete(session).where(eq(session.userId, target.id));
    const membership = (await companiesOf(tx.db, [target.id])).get(target.id);
    await audit(tx, {
      action: "user.second_factor_reset",
      companyId: membership?.id ?? null,
      objectType: "user",
      objectId: target.id,
      summary: `Reset the second factor of ${target.email}`,
      before: { twoFactorEnabled: target.twoFactorEnabled, passkeys: target.passkeys },
      after: { twoFactorEnabled: false, passkeys: 0 },
    });
    await writeSecurityEvent(tx.db, {
      type: "second_factor_reset",
      message: `The second factor of ${target.email} was reset by staff`,
      userId: target.id,
      email: target.email,
      ip: actor.ip,
      details: { by: actor.email },
    });
    await tx.outbox.enqueue(
      target.email,
      secondFactorChangedMail("reset", factorsOf(target), `${ctx.app.config.APP_URL}/secure-login`),
    );
    return { user: await staffUserOf(tx.db, { ...target, twoFactorEnabled: false, passkeys: 0 }) };
  });
}

/** "an authenticator app and 2 passkeys": what the reset removed, in the mail. */
function factorsOf(target: { twoFactorEnabled: boolean; passkeys: number }): string {
  const parts = [
    target.twoFactorEnabled ? "an authenticator app" : null,
    target.passkeys === 1 ? "a passkey" : target.passkeys > 1 ? `${target.passkeys} passkeys` : null,
  ];
  return parts.filter(Boolean).join(" and ");
}
