import { enqueueMail, type Mailer } from "../../mail/outbox";
import { existingAccountMail, passwordChangedMail, resetPasswordMail } from "../../mail/templates";
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
  async ({ user: target }: Target) => {
    await enqueueMail(db, target.email, passwordChangedMail(signInUrl));
    mailer.nudge();
  };

/** Better Auth's `emailAndPassword.onExistingUserSignUp`: the taken address's owner hears about it. */
export const onExistingUserSignUpHook =
  ({ db, mailer, signInUrl }: MailHookDeps) =>
  async ({ user: target }: Target) => {
    await enqueueMail(db, target.email, existingAccountMail(signInUrl));
    mailer.nudge();
  };
