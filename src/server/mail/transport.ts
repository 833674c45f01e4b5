import nodemailer from "nodemailer";
import { escapeInvisible, type LogDestination, type Logger } from "../lib/logger";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<outbox-row-id@sender-domain>`: the same on every attempt of one message. */
  messageId: string;
  /** Support notices: where replies go, and the ticket's thread (`<ticket-…@…>`). */
  replyTo?: string;
  inReplyTo?: string;
  references?: string;
  /** Alerts and digests: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface MailTransport {
  /** "smtp" delivers for real; "console" prints the message (the outbox keeps it for /dev/mailbox). */
  kind: "smtp" | "console";
  /** Must give up (reject) once `signal` aborts: the outbox's lease counts on it. */
  send: (mail: OutgoingMail, signal?: AbortSignal) => Promise<void>;
  close: () => void;
}

export interface SmtpTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectionTimeout: number;
  /** For the server's 220 greeting once connected: a server that accepts and stays silent. */
  greetingTimeout: number;
  /** Of silence at any later point of the conversation. */
  socketTimeout: number;
}

/** Nodemailer's own defaults are 2 min, 30 s and 10 min: one silent server would hold a worker for minutes. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

export function smtpTransport(smtpUrl: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): MailTransport {
  // One connection per message (no pool): an abort closes exactly the connection of that message.
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...timeouts, socketCloseTimeout: 1_000 });
  return {
    kind: "smtp",
    send: async (mail, signal) => {
      await transporter.sendMail({ ...mail, signal });
    },
    close: () => transporter.close(),
  };
}

const LINK = /https?:\/\/\S+/g;

/**
 * For development without SMTP: the message is logged (and kept for /dev/mailbox), and each of its
 * links is printed on a line of its own, so a developer can open it from the terminal.
 */
export function consoleTransport(log: Logger, out: LogDestination = process.stdout): MailTransport {
  return {
    kind: "console",
    send: async (mail) => {
      const links = new Set(mail.text.match(LINK));
      log.info("mail written, not sent (no SMTP_URL)", { to: mail.to, subject: mail.subject });
      // Links carry values users chose (a callback URL): invisible characters are shown escaped.
      for (const link of links) out.write(`  ${escapeInvisible(link)}\n`);
    },
    close: () => {},
  };
}
