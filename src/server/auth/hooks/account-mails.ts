import { enqueueMail, type Mailer } from "../../mail/outbox";
import { existingAccountMail, passwordChangedMail, resetPasswordMail } from "../../mail/templates";
import { spendEmailLinksOf } from "../email-links.service";
import type { Database } from "../../db/client";

interface MailHookDeps {
  db: Database;
  mailer: Mailer;
  signInUrl: string;
}

type Target = { user: { email: string } };

/** Better Auth's `emailAndPassword.sendResetPassword`. */
export const sendResetPasswordHook =
  ({ db, mailer }: MailHookDeps) =>
  async ({ user: target, url }: Target & { url: string }) => {
    await enqueueMail(db, target.email, resetPasswordMail(url));
    mailer.nudge();
  };

/** Better Auth's `emailAndPassword.onPasswordReset`. */
export const onPasswordResetHook =
  ({ db, mailer, signInUrl }: MailHookDeps) =>
  async ({ user: target }: Target & { user: { id: string } }) => {
    await db.transaction(async (tx) => {
      // A new password ends any pending email change: its links (and their undo links) stop working.
      await spendEmailLinksOf(tx, target.id, new Date(), ["change-email", "undo-email-change"]);
      await enqueueMail(tx, target.email, passwordChangedMail(signInUrl));
    });
    mailer.nudge();
  };

/** Better Auth's `emailAndPassword.onExistingUserSignUp`: the taken address's owner hears about it. */
export const onExistingUserSignUpHook =
  ({ db, mailer, signInUrl }: MailHookDeps) =>
  async ({ user: target }: Target) => {
    await enqueueMail(db, target.email, existingAccountMail(signInUrl));
    mailer.nudge();
  };
