import { eq } from "drizzle-orm";
import { CONTACT_HONEYPOT, CONTACT_RATE_LIMIT, type TContactRequestParsed } from "../../../shared/contact-schemas";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { contactLead } from "../../db/schema/marketing";
import { enqueueMail } from "../../mail/outbox";
import { contactAcknowledgementMail, contactLeadNoticeMail } from "../../mail/templates";
import { consumeRate } from "../../security/rate-limit";

export type ContactResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Stores a lead, and in the same transaction writes the acknowledgement to the sender and a
 * notice to every staff member. A filled honeypot gets the same answer and stores nothing.
 */
export async function submitContact(
  db: Database,
  input: TContactRequestParsed,
  context: { ip: string; siteUrl: string },
): Promise<ContactResult> {
  const slot = await consumeRate(db, `contact:${context.ip}`, { window: CONTACT_RATE_LIMIT.windowSeconds, max: CONTACT_RATE_LIMIT.max });
  if (!slot.allowed) return { ok: false, retryAfterSeconds: slot.retryAfterSeconds };
  if (input[CONTACT_HONEYPOT]) return { ok: true };

  const { name, email, company, phone, website, message } = input;
  await db.transaction(async (tx) => {
    await tx.insert(contactLead).values({ name, email, company, phone, website, message, ipAddress: context.ip });
    await enqueueMail(tx, email, contactAcknowledgementMail(name, message, context.siteUrl));
    const staff = await tx.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
    const notice = contactLeadNoticeMail({ name, email, company, phone, website, message });
    for (const member of staff) await enqueueMail(tx, member.email, notice);
  });
  return { ok: true };
}
