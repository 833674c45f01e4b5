import { RESEND_COOLDOWN_SECONDS } from "../../../shared/better-auth-requests";
import { signConfirmationLink } from "../../auth/confirmation-mail";
import { recordConfirmationLink } from "../../auth/email-links.service";
import { AppError, conflict } from "../../lib/app-error";
import { confirmEmailMail } from "../../mail/templates";
import { takeCooldown } from "../../security/cooldown";
import { audit } from "../audit";
import { companiesOf, lockAccount } from "./user-account";
import type { TResendUserConfirmationResponse } from "../../../shared/users";
import type { ActorContext } from "../../context/service-context";

/**
 * Sends an unconfirmed account a new confirmation link, the one its owner would get from
 * "Resend" (same mail, same single-use link, same cooldown per address): the link, its mail
 * and the audit entry are written together.
 */
export async function resendUserConfirmation(
  ctx: ActorContext,
  input: {
    userId: string;
    /** The key Better Auth signs its links with (config.AUTH_SECRET, or the one kept in the data folder). */
    secret: string;
  },
): Promise<TResendUserConfirmationResponse> {
  const { now } = ctx;
  const options = {
    secret: input.secret,
    appUrl: ctx.app.config.APP_URL,
    ttlMinutes: ctx.app.config.EMAIL_LINK_TTL_MINUTES,
  };
  return ctx.transaction(async (tx) => {
    const target = await lockAccount(tx.db, input.userId);
    if (target.emailVerified) {
      throw conflict(`${target.email} has already confirmed their address.`, "already-confirmed");
    }
    // The cooldown the public "Resend" takes for this address (auth.routes.ts): one mail a minute, whoever asks.
    const cooldown = await takeCooldown(
      tx.db,
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
    // As writeConfirmationMail writes it, through the context's outbox: the mail worker is woken after the commit.
    await recordConfirmationLink(tx.db, { token: link.token, userId: target.id, expiresAt });
    await tx.outbox.enqueue(target.email, mail);
    const membership = (await companiesOf(tx.db, [target.id])).get(target.id);
    await audit(tx, {
      action: "user.confirmation_resent",
      companyId: membership?.id ?? null,
      objectType: "user",
      objectId: target.id,
      summary: `Sent ${target.email} a new confirmation email`,
    });
    return { email: target.email, expiresAt: expiresAt.toISOString() };
  });
}
