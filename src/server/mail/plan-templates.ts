/** The automation plan's emails: plain and warm to clients; to staff, naming the company. */
import { layout, type MailContent } from "./layout";

export function planRequestedMail(input: { companyName: string; title: string; url: string }): MailContent {
  return layout({
    kind: "plan-requested",
    subject: `New automation request from ${input.companyName}: ${input.title}`,
    intro: `${input.companyName} asked for a new automation: “${input.title}”.`,
    action: { label: "Open the request", url: input.url },
    outro: "It waits on the agency until a proposal is sent.",
  });
}

export function planProposedMail(input: { title: string; version: number; url: string }): MailContent {
  const revised = input.version > 1;
  return layout({
    kind: "plan-proposed",
    subject: revised ? `An updated proposal for “${input.title}”` : `Your proposal for “${input.title}” is ready`,
    intro: revised
      ? `We updated our proposal for “${input.title}” (version ${input.version}). Have a look when you have a moment.`
      : `Good news: our proposal for “${input.title}” is ready for you to read.`,
    action: { label: "Read the proposal", url: input.url },
    outro: "You can approve it, decline it, or ask us a question in the comments.",
  });
}

export function planDecidedMail(input: {
  companyName: string;
  title: string;
  decision: "approved" | "declined";
  version: number;
  reason?: string;
  url: string;
}): MailContent {
  return layout({
    kind: `plan-${input.decision}`,
    subject: `${input.companyName} ${input.decision} version ${input.version} of “${input.title}”`,
    intro:
      `${input.companyName} ${input.decision} version ${input.version} of the proposal for “${input.title}”.` +
      (input.reason ? ` Their reason: ${input.reason}` : ""),
    action: { label: "Open the item", url: input.url },
    outro: input.decision === "approved" ? "It now waits on the agency to start building." : "It is closed for now.",
  });
}

export function planCommentsMail(input: {
  to: "client" | "staff";
  companyName: string;
  title: string;
  comments: ReadonlyArray<{ authorName: string; body: string }>;
  url: string;
}): MailContent {
  const many = input.comments.length > 1;
  return layout({
    kind: "plan-comments",
    subject:
      input.to === "client"
        ? `New ${many ? "comments" : "comment"} on “${input.title}”`
        : `${input.companyName} commented on “${input.title}”`,
    intro:
      input.to === "client"
        ? `We wrote to you about “${input.title}”.`
        : `${input.companyName} wrote about “${input.title}”.`,
    details: input.comments.map((comment) => [comment.authorName, comment.body] as const),
    action: { label: "Reply", url: input.url },
    outro: "Comments written close together arrive in one email.",
  });
}

export function planReminderMail(input: { title: string; version: number; url: string }): MailContent {
  return layout({
    kind: "plan-reminder",
    subject: `A proposal is waiting for you: “${input.title}”`,
    intro: `Our proposal for “${input.title}” (version ${input.version}) has been waiting for your answer for five days.`,
    action: { label: "Read the proposal", url: input.url },
    outro: "If something is unclear, ask us in the comments: we are glad to change it.",
  });
}
