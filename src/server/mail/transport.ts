import nodemailer from "nodemailer";
import type { Logger } from "../lib/logger";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** "smtp" delivers for real; "console" prints the message (the outbox keeps it for /dev/mailbox). */
  kind: "smtp" | "console";
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

const LINK = /https?:\/\/\S+/g;

export function consoleTransport(log: Logger): MailTransport {
  return {
    kind: "console",
    send: async (mail) => {
      const links = mail.text.match(LINK) ?? [];
      log.info(`mail to ${mail.to}: ${mail.subject}${links.map((link) => `\n    ${link}`).join("")}`);
    },
    close: () => {},
  };
}
