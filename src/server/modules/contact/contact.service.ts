import { eq } from "drizzle-orm";
import { CONTACT_HONEYPOT, CONTACT_RATE_LIMIT, type TContactRequestParsed } from "../../../shared/contact-schemas";
import { user } from "../../db/schema/auth";
import { contactLead } from "../../db/schema/leads";
import { AppError } from "../../lib/app-error";
import { enqueueMail } from "../../mail/outbox";
import { contactAcknowledgementMail, contactLeadNoticeMail } from "../../mail/templates";
import { consumeRate } from "../../security/rate-limit";
import type { Database } from "../../db/client";

/** Too many messages from one address: how long to wait, in words a visitor reads. */
function tooManyMessages(seconds: number) {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} second${seconds === 1 ? "" : "s"}`;
  // No other way to reach the agency is published, so the message offers none.
  const message = `You have sent several messages in a short time. Please wait ${wait} and try again.`;
  return new AppError("RATE_LIMITED", message, { retryAfterSeconds: seconds });
}

/**
 * Stores a lead, and in the same transaction writes the acknowledgement to the sender and a
 * notice to every staff member. A filled honeypot gets the same answer and stores nothing.
 */
export async function submitContact(
  db: Database,
  input: TContactRequestParsed,
  context: { ip: string; siteUrl: string },
): Promise<{ ok: true }> {
  const slot = await consumeRate(db, `contact:${context.ip}`, {
    window: CONTACT_RATE_LIMIT.windowSeconds,
    max: CONTACT_RATE_LIMIT.max,
  });
  if (!slot.allowed) throw tooManyMessages(slot.retryAfterSeconds);
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
