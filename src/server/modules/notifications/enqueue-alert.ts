import { enqueueMail } from "../../mail/outbox";
import { alertRecipients, type AlertKind, type Recipient } from "./alert-recipients";
import type { MailLinks } from "./mail-links";
import type { Database } from "../../db/client";
import type { UnsubscribeLinks } from "../../mail/alert-templates";
import type { MailContent } from "../../mail/layout";

/**
 * Writes one alert per recipient who wants this kind (the company's members and staff), each
 * with their own unsubscribe link, in the transaction that opened or closed the incident.
 * Returns how many were written.
 */
export async function enqueueAlert(
  tx: Database,
  links: MailLinks,
  companyId: string,
  kind: AlertKind,
  build: (unsubscribe: UnsubscribeLinks, recipient: Recipient) => MailContent,
): Promise<number> {
  const recipients = await alertRecipients(tx, companyId, kind);
  for (const recipient of recipients) {
    await enqueueMail(tx, recipient.email, build(links.unsubscribe(recipient.userId, "alerts"), recipient));
  }
  return recipients.length;
}
