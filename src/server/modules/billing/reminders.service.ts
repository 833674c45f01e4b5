import { and, eq, lt } from "drizzle-orm";
import { REMINDER_DAYS } from "../../../shared/billing";
import { DAY_MS } from "../../../shared/days";
import { invoice, subscription } from "../../db/schema/billing";
import { enqueueMail } from "../../mail/outbox";
import { billingRecipients, invoiceReminderMail } from "./billing-mails";
import type { BillingSettings } from "./billing-settings";
import type { Database } from "../../db/client";

/** How many of the 3, 7 and 14-day reminders an invoice this many days overdue is due. */
export const remindersDue = (daysOverdue: number) => REMINDER_DAYS.filter((days) => daysOverdue >= days).length;

/**
 * Reminds owners of open invoices 3, 7 and 14 days past due, once each: the conditional update of
 * `reminders_sent` is the claim, so two instances never send one twice. A job that was away sends
 * only the latest reminder due. At 14 days the subscription becomes past due.
 */
export async function sendOverdueReminders(db: Database, settings: BillingSettings, now = new Date()) {
  const firstDay = REMINDER_DAYS[0] * DAY_MS;
  const overdue = await db
    .select()
    .from(invoice)
    .where(
      and(
        eq(invoice.status, "open"),
        lt(invoice.dueAt, new Date(now.getTime() - firstDay)),
        lt(invoice.remindersSent, REMINDER_DAYS.length),
      ),
    )
    .limit(1000);
  let sent = 0;
  for (const row of overdue) {
    const days = Math.floor((now.getTime() - row.dueAt!.getTime()) / DAY_MS);
    const due = remindersDue(days);
    if (due <= row.remindersSent) continue;
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(invoice)
        .set({ remindersSent: due })
        .where(and(eq(invoice.id, row.id), eq(invoice.status, "open"), lt(invoice.remindersSent, due)))
        .returning({ id: invoice.id });
      if (!claimed) return;
      const mail = invoiceReminderMail(
        { number: row.number!, totalMinor: row.totalMinor, currency: row.currency, dueAt: row.dueAt! },
        REMINDER_DAYS[due - 1]!,
        settings.appUrl,
      );
      for (const to of await billingRecipients(tx, row.companyId)) await enqueueMail(tx, to, mail);
      if (due === REMINDER_DAYS.length)
        await tx
          .update(subscription)
          .set({ status: "past_due", updatedAt: now })
          .where(and(eq(subscription.companyId, row.companyId), eq(subscription.status, "active")));
      sent++;
    });
  }
  return sent;
}
