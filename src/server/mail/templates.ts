/** Plain, accessible emails: one message, one link, the same words in text and HTML. */
import { layout, type MailContent } from "./layout";

export function confirmEmailMail(url: string, ttlMinutes: number): MailContent {
  return layout({
    kind: "confirm-email",
    subject: "Confirm your email address for Cogwork",
    intro: "Welcome to Cogwork. Confirm your email address to finish setting up your account.",
    action: { label: "Confirm my email", url },
    outro: `This link works once and expires in ${formatDuration(ttlMinutes)}. If you did not sign up, ignore this email.`,
  });
}

export function changeEmailMail(url: string, ttlMinutes: number): MailContent {
  return layout({
    kind: "change-email",
    subject: "Confirm your new email address for Cogwork",
    intro: "You asked to use this address for your Cogwork account. Confirm it to make the change.",
    action: { label: "Confirm my new email", url },
    outro: `This link works once and expires in ${formatDuration(ttlMinutes)}. If you did not ask for this, ignore this email: nothing changes.`,
  });
}

/** To the address being replaced: the change is not made yet, and the link cancels it. */
export function emailChangeNoticeMail(newEmail: string, undoUrl: string, ttlMinutes: number): MailContent {
  return layout({
    kind: "email-change-notice",
    subject: "Your Cogwork email address is being changed",
    intro: `Someone signed in to your Cogwork account asked to change its email address from this one to ${newEmail}. The change is made only when the new address is confirmed.`,
    action: { label: "This was not me: cancel the change", url: undoUrl },
    outro: `If you asked for it, ignore this email. The link works once, for ${formatDuration(ttlMinutes)}: it cancels the change and signs the account out everywhere, then takes you to choose a new password.`,
  });
}

export function existingAccountMail(signInUrl: string): MailContent {
  return layout({
    kind: "existing-account",
    subject: "Someone tried to sign up with your email address",
    intro:
      "Someone, perhaps you, tried to create a Cogwork account with this email address, which already has an account.",
    action: { label: "Sign in", url: signInUrl },
    outro:
      "If you forgot your password, choose “Forgot password?” on the sign-in page. If this was not you, no action is needed.",
  });
}

export function resetPasswordMail(url: string): MailContent {
  return layout({
    kind: "reset-password",
    subject: "Reset your Cogwork password",
    intro: "We received a request to reset the password of your Cogwork account.",
    action: { label: "Choose a new password", url },
    outro:
      "This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.",
  });
}

export function passwordChangedMail(signInUrl: string): MailContent {
  return layout({
    kind: "password-changed",
    subject: "Your Cogwork password was changed",
    intro: "The password of your Cogwork account was just changed, and your other sessions were signed out.",
    action: { label: "Sign in", url: signInUrl },
    outro: "If you did not do this, reset your password now and contact us.",
  });
}

/** A second factor was turned on or off for the account: by its owner, or reset by staff. */
export function secondFactorChangedMail(
  change: "added" | "removed" | "reset",
  what: string,
  signInUrl: string,
): MailContent {
  const intros = {
    added: `${what} was just added to your Cogwork account as a second factor. From now on, signing in asks for it after your password.`,
    removed: `${what} was just removed from your Cogwork account. Signing in no longer asks for it.`,
    reset: `Cogwork staff reset the second factor of your Cogwork account (${what}), as you or your company asked. Sign in with your password and set up a new one.`,
  };
  return layout({
    kind: `second-factor-${change}`,
    subject:
      change === "added"
        ? "A second factor was added to your Cogwork account"
        : "A second factor was removed from your Cogwork account",
    intro: intros[change],
    action: { label: "Sign in", url: signInUrl },
    outro:
      "If this was not you, reset your password now and write to us through the contact form: someone may know your password.",
  });
}

/** To a member without a second factor, when the owner of their company starts requiring one. */
export function secondFactorRequiredMail(companyName: string, accountUrl: string): MailContent {
  return layout({
    kind: "second-factor-required",
    subject: `${companyName} now requires a second factor on Cogwork`,
    intro:
      `The owner of ${companyName} now requires a second factor of everyone in the company's Cogwork portal. ` +
      "The next time you sign in, you will be asked to set up an authenticator app or a passkey before anything else.",
    action: { label: "Set one up now", url: accountUrl },
    outro: "It takes a minute: an authenticator app on your phone (or a passkey on this device) is all you need.",
  });
}

export function contactAcknowledgementMail(name: string, message: string, siteUrl: string): MailContent {
  return layout({
    kind: "contact-ack",
    subject: "We received your message",
    intro: `Hello ${name}, thank you for writing to Cogwork. An engineer reads every message and will answer within two business days.`,
    details: [["Your message", message]],
    action: { label: "Visit our site", url: siteUrl },
    outro: "If you did not send this message, you can ignore this email: we will not write again unless you reply.",
  });
}

export function contactLeadNoticeMail(lead: {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  website?: string;
  message: string;
}): MailContent {
  return layout({
    kind: "contact-lead",
    subject: `New enquiry from ${lead.name}${lead.company ? ` (${lead.company})` : ""}`,
    intro: "Someone sent a message through the contact form on the website.",
    details: [
      ["Name", lead.name],
      ["Email", lead.email],
      ...(lead.company ? ([["Company", lead.company]] as const) : []),
      ...(lead.phone ? ([["Phone", lead.phone]] as const) : []),
      ...(lead.website ? ([["Website", lead.website]] as const) : []),
      ["Message", lead.message],
    ],
    outro: "They were sent an acknowledgement promising an answer within two business days.",
  });
}

function formatDuration(minutes: number): string {
  if (minutes % (60 * 24) === 0) return minutes === 1440 ? "24 hours" : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export function companyInvitationMail(input: {
  companyName: string;
  inviterName: string;
  url: string;
  expiresInDays: number;
}): MailContent {
  return layout({
    kind: "company-invitation",
    subject: `You are invited to ${input.companyName} on Cogwork`,
    intro: `${input.inviterName} invited you to join ${input.companyName} in the Cogwork client portal, where you can follow the automations the agency runs for you.`,
    action: { label: "Accept the invitation", url: input.url },
    outro: `Sign in, or create an account with this email address first, then open the link again. It works once and expires in ${input.expiresInDays} days.`,
  });
}
