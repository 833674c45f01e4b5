import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { changeEmailMail, confirmEmailMail, emailChangeNoticeMail } from "../../mail/templates";
import { writeConfirmationMail } from "../confirmation-mail";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

/** Better Auth's `emailVerification.sendVerificationEmail`: a single-use link and its mail. */
export function sendVerificationEmailHook({
  db,
  mailer,
  linkTtlMinutes,
  appUrl,
}: {
  db: Database;
  mailer: Mailer;
  linkTtlMinutes: number;
  appUrl: string;
}) {
  return async ({ user: target, url, token }: { user: { id: string; email: string }; url: string; token: string }) => {
    // The link and its mail are written together (confirmation-mail.ts).
    await db.transaction(async (tx) => {
      // Better Auth passes the new address when a signed-in user changes email.
      const [stored] = await tx.select({ email: user.email }).from(user).where(eq(user.id, target.id));
      const expiresAt = new Date(Date.now() + linkTtlMinutes * 60 * 1000);
      if (!stored || stored.email === target.email) {
        const mail = confirmEmailMail(url, linkTtlMinutes);
        await writeConfirmationMail(tx, { token, userId: target.id, to: target.email, expiresAt, mail });
        return;
      }
      const mail = changeEmailMail(url, linkTtlMinutes);
      await writeConfirmationMail(tx, {
        token,
        userId: target.id,
        to: target.email,
        expiresAt,
        mail,
        purpose: "change-email",
      });
      // The address being replaced hears of it, with a single-use link that cancels the change.
      const undo = randomBytes(32).toString("base64url");
      const undoUrl = `${appUrl}/api/auth/undo-email-change?token=${undo}`;
      await writeConfirmationMail(tx, {
        token: undo,
        userId: target.id,
        to: stored.email,
        expiresAt,
        mail: emailChangeNoticeMail(target.email, undoUrl, linkTtlMinutes),
        purpose: "undo-email-change",
      });
    });
    mailer.nudge();
  };
}
