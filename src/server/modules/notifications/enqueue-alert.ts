import { alertRecipients, type AlertKind, type Recipient } from "./alert-recipients";
import type { ServiceContext } from "../../context/service-context";
import type { UnsubscribeLinks } from "../../mail/alert-templates";
import type { MailContent } from "../../mail/layout";

/**
 * Queues one alert per recipient who wants this kind (the company's members and staff), each
 * with their own unsubscribe link, in the transaction that opened or closed the incident (`tx`,
 * whose outbox wakes the mail worker once it commits).
 */
export async function enqueueAlert(
  tx: ServiceContext,
  companyId: string,
  kind: AlertKind,
  build: (unsubscribe: UnsubscribeLinks, recipient: Recipient) => MailContent,
): Promise<void> {
  const recipients = await alertRecipients(tx.db, companyId, kind);
  for (const recipient of recipients) {
    await tx.outbox.enqueue(recipient.email, build(tx.app.links.unsubscribe(recipient.userId, "alerts"), recipient));
  }
}
