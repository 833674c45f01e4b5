import { layout, type MailContent } from "../../mail/layout";

export interface NoticeMessage {
  authorName: string;
  body: string;
  createdAt: Date;
}

/** The notice of new public replies on a ticket: every reply grouped in it, then how to answer. */
export function ticketNoticeMail(input: {
  ticketRef: string;
  subject: string;
  url: string;
  messages: NoticeMessage[];
  replyByEmail: boolean;
}): MailContent {
  const count = input.messages.length;
  return layout({
    kind: "ticket-notice",
    subject: `[${input.ticketRef}] ${input.subject}`,
    intro:
      count === 1
        ? `There is a new reply on your support ticket “${input.subject}”.`
        : `There are ${count} new replies on your support ticket “${input.subject}”.`,
    details: input.messages.map(
      (message) =>
        [
          `${message.authorName}, ${message.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
          message.body,
        ] as const,
    ),
    action: { label: "Open the ticket", url: input.url },
    outro: input.replyByEmail
      ? "Reply to this email to answer: your reply is added to the ticket."
      : "Please reply in the portal: replies to this email are not read.",
  });
}
