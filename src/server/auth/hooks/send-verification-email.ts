import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { changeEmailMail, confirmEmailMail } from "../../mail/templates";
import { writeConfirmationMail } from "../confirmation-mail";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

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
    // The link and its mail are written together (confirmation-mail.ts).
    await db.transaction(async (tx) => {
      // Better Auth passes the new address when a signed-in user changes email.
      const [stored] = await tx.select({ email: user.email }).from(user).where(eq(user.id, target.id));
      const mail =
        stored && stored.email !== target.email
          ? changeEmailMail(url, linkTtlMinutes)
          : confirmEmailMail(url, linkTtlMinutes);
      const expiresAt = new Date(Date.now() + linkTtlMinutes * 60 * 1000);
      await writeConfirmationMail(tx, { token, userId: target.id, to: target.email, expiresAt, mail });
    });
    mailer.nudge();
  };
}
