import { RESEND_COOLDOWN_SECONDS } from "../../../shared/auth-schemas";
import { signConfirmationLink, writeConfirmationMail } from "../../auth/confirmation-mail";
import { AppError, conflict } from "../../lib/app-error";
import { confirmEmailMail } from "../../mail/templates";
import { takeCooldown } from "../../security/cooldown";
import { recordAudit, type AuditActor } from "../audit";
import { companiesOf, lockAccount } from "./user-account";
import type { TResendUserConfirmationResponse } from "../../../shared/users";
import type { Database } from "../../db/client";

export interface ConfirmationLinkOptions {
  secret: string;
  appUrl: string;
  ttlMinutes: number;
}

/**
 * Sends an unconfirmed account a new confirmation link, the one its owner would get from
 * "Resend" (same mail, same single-use link, same cooldown per address): the link, its mail
 * and the audit entry are written together.
 */
export async function resendUserConfirmation(
  db: Database,
  actor: AuditActor,
  userId: string,
  options: ConfirmationLinkOptions,
  now = new Date(),
): Promise<TResendUserConfirmationResponse> {
  return db.transaction(async (tx) => {
    const target = await lockAccount(tx, userId);
    if (target.emailVerified) {
      throw conflict(`${target.email} has already confirmed their address.`, "already-confirmed");
    }
    // The cooldown the public "Resend" takes for this address (auth.routes.ts): one mail a minute, whoever asks.
    const cooldown = await takeCooldown(
      tx,
      `resend-confirmation:${target.email}`,
      RESEND_COOLDOWN_SECONDS,
      now.getTime(),
    );
    if (!cooldown.allowed) {
      throw new AppError(
        "RATE_LIMITED",
        `A confirmation email went to ${target.email} less than a minute ago. Try again in ${cooldown.retryAfterSeconds} seconds.`,
        { retryAfterSeconds: cooldown.retryAfterSeconds },
      );
    }
    const expiresAt = new Date(now.getTime() + options.ttlMinutes * 60_000);
    const link = await signConfirmationLink({ ...options, user: target });
    const mail = confirmEmailMail(link.url, options.ttlMinutes);
    await writeConfirmationMail(tx, { token: link.token, userId: target.id, to: target.email, expiresAt, mail });
    const membership = (await companiesOf(tx, [target.id])).get(target.id);
    await recordAudit(tx, actor, {
      action: "user.confirmation_resent",
      companyId: membership?.id ?? null,
      objectType: "user",
      objectId: target.id,
      summary: `Sent ${target.email} a new confirmation email`,
    });
    return { email: target.email, expiresAt: expiresAt.toISOString() };
  });
}
