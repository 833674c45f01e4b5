import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { enqueueMail, type Mailer } from "../../mail/outbox";
import { changeEmailMail, confirmEmailMail } from "../../mail/templates";
import { recordConfirmationLink } from "../email-links.service";
import type { Database } from "../../db/client";

/** Better Auth's `emailVerification.sendVerificationEmail`: a single-use link and its mail. */
export function sendVerificationEmailHook({
  db,
  mailer,
  linkTtlMinutes,
}: {
  db: Database;
  mailer: Mailer;
  linkTtlMinutes: number;
}) {
  return async ({ user: target, url, token }: { user: { id: string; email: string }; url: string; token: string }) => {
    // The link and its mail are written together: a link exists only if its mail does.
    // A repeat of the mail for the same link does no harm.
    await db.transaction(async (tx) => {
      await recordConfirmationLink(tx, {
        token,
        userId: target.id,
        expiresAt: new Date(Date.now() + linkTtlMinutes * 60 * 1000),
      });
      // Better Auth passes the new address when a signed-in user changes email.
      const [stored] = await tx.select({ email: user.email }).from(user).where(eq(user.id, target.id));
      const mail =
        stored && stored.email !== target.email
          ? changeEmailMail(url, linkTtlMinutes)
          : confirmEmailMail(url, linkTtlMinutes);
      await enqueueMail(tx, target.email, mail);
    });
    mailer.nudge();
  };
}
