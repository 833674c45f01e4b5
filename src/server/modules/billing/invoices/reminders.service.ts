import { and, asc, eq, gt, lt, lte, or } from "drizzle-orm";
import { REMINDER_DAYS } from "../../../../shared/billing-labels";
import { DAY_MS } from "../../../../shared/days";
import { invoice, subscription } from "../../../db/schema/billing";
import { emitInvoiceEvent } from "../../channels";
import { billingRecipients, invoiceReminderMail } from "../billing-mails";
import { settingsOf } from "../billing-settings";
import type { ServiceContext } from "../../../context/service-context";

const PAGE = 500;

/** How many of the 3, 7 and 14-day reminders an invoice this many days overdue is due. */
export const remindersDue = (daysOverdue: number) => REMINDER_DAYS.filter((days) => daysOverdue >= days).length;

/**
 * Reminds owners of open invoices 3, 7 and 14 days past due, once each: the conditional update of
 * `reminders_sent` is the claim, so two instances never send one twice. A job that was away sends
 * only the latest reminder due. At 14 days the subscription becomes past due. Reads only the
 * invoices with a reminder due, in pages, so any number of them waiting are all reached.
 */
export async function sendOverdueReminders(ctx: ServiceContext) {
  const { db, now } = ctx;
  // Only invoices with a reminder due: those reminded already for their stage never fill a page.
  const reminderDue = or(
    ...REMINDER_DAYS.map((days, index) =>
      and(lt(invoice.remindersSent, index + 1), lte(invoice.dueAt, new Date(now.getTime() - days * DAY_MS))),
    ),
  );
  let sent = 0;
  let after: { dueAt: Date; id: string } | null = null;
  for (;;) {
    const page: Array<typeof invoice.$inferSelect> = await db
      .select()
      .from(invoice)
      .where(
        and(
          eq(invoice.status, "open"),
          reminderDue,
          after
            ? or(gt(invoice.dueAt, after.dueAt), and(eq(invoice.dueAt, after.dueAt), gt(invoice.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(invoice.dueAt), asc(invoice.id))
      .limit(PAGE);
    for (const row of page) if (await remind(ctx, row)) sent++;
    if (page.length < PAGE) return sent;
    after = { dueAt: page.at(-1)!.dueAt!, id: page.at(-1)!.id };
  }
}

/** Sends the latest reminder due for one invoice, if this instance claims it first. */
async function remind(ctx: ServiceContext, row: typeof invoice.$inferSelect) {
  const { now } = ctx;
  const days = Math.floor((now.getTime() - row.dueAt!.getTime()) / DAY_MS);
  const due = remindersDue(days);
  if (due <= row.remindersSent) return false;
  return ctx.transaction(async (txCtx) => {
    const { db: tx, outbox } = txCtx;
    const [claimed] = await tx
      .update(invoice)
      .set({ remindersSent: due })
      .where(and(eq(invoice.id, row.id), eq(invoice.status, "open"), lt(invoice.remindersSent, due)))
      .returning({ id: invoice.id });
    if (!claimed) return false;
    const mail = invoiceReminderMail(
      { number: row.number!, totalMinor: row.totalMinor, currency: row.currency, dueAt: row.dueAt! },
      REMINDER_DAYS[due - 1]!,
      settingsOf(ctx).appUrl,
    );
    for (const to of await billingRecipients(tx, row.companyId)) await outbox.enqueue(to, mail);
    const invoiceFacts = { ...row, number: row.number!, dueAt: row.dueAt! };
    await emitInvoiceEvent(txCtx, { type: "invoice.overdue", invoice: invoiceFacts, daysOverdue: days });
    if (due === REMINDER_DAYS.length)
      await tx
        .update(subscription)
        .set({ status: "past_due", updatedAt: now })
        .where(and(eq(subscription.companyId, row.companyId), eq(subscription.status, "active")));
    return true;
  });
}
