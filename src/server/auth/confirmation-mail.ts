import { createEmailVerificationToken } from "better-auth/api";
import { enqueueMail } from "../mail/outbox";
import { recordConfirmationLink, type EmailLinkPurpose } from "./email-links.service";
import type { Database } from "../db/client";
import type { MailContent } from "../mail/layout";

/**
 * A confirmation link for an account, signed as Better Auth signs the ones it sends, so that its
 * /api/auth/verify-email accepts it (and our single-use check in auth.routes.ts applies).
 */
export async function signConfirmationLink(input: {
  secret: string;
  appUrl: string;
  user: { id: string; email: string };
  ttlMinutes: number;
}) {
  const token = await createEmailVerificationToken(input.secret, input.user.email, undefined, input.ttlMinutes * 60, {
    userId: input.user.id,
  });
  return { token, url: `${input.appUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent("/")}` };
}

/**
 * Records a confirmation link and writes its mail in the caller's transaction: a link exists
 * only if its mail does. A repeat of the mail for the same link does no harm.
 */
export async function writeConfirmationMail(
  tx: Pick<Database, "insert">,
  input: { token: string; userId: string; to: string; expiresAt: Date; mail: MailContent; purpose?: EmailLinkPurpose },
): Promise<void> {
  const { token, userId, expiresAt, purpose } = input;
  await recordConfirmationLink(tx, { token, userId, expiresAt, purpose });
  await enqueueMail(tx, input.to, input.mail);
}
