import { eq } from "drizzle-orm";
import { CONTACT_HONEYPOT, CONTACT_RATE_LIMIT, type TContactRequestParsed } from "../../../shared/contact";
import { user } from "../../db/schema/auth";
import { contactLead } from "../../db/schema/leads";
import { AppError } from "../../lib/app-error";
import { contactAcknowledgementMail, contactLeadNoticeMail } from "../../mail/templates";
import { consumeRate } from "../../security/rate-limit";
import type { ServiceContext } from "../../context/service-context";

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
 * `ip` is the sender's address: it is rate-limited, and kept with the lead.
 */
export async function submitContact(
  ctx: ServiceContext,
  input: TContactRequestParsed & { ip: string },
): Promise<{ ok: true }> {
  const { ip } = input;
  const siteUrl = `${ctx.app.config.APP_URL}/`;
  const slot = await consumeRate(ctx.db, `contact:${ip}`, {
    window: CONTACT_RATE_LIMIT.windowSeconds,
    max: CONTACT_RATE_LIMIT.max,
  });
  if (!slot.allowed) throw tooManyMessages(slot.retryAfterSeconds);
  if (input[CONTACT_HONEYPOT]) return { ok: true };

  const { name, email, company, phone, website, message } = input;
  await ctx.transaction(async (tx) => {
    await tx.db.insert(contactLead).values({ name, email, company, phone, website, message, ipAddress: ip });
    await tx.outbox.enqueue(email, contactAcknowledgementMail(name, message, siteUrl));
    const staff = await tx.db.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
    const notice = contactLeadNoticeMail({ name, email, company, phone, website, message });
    for (const member of staff) await tx.outbox.enqueue(member.email, notice);
  });
  return { ok: true };
}
