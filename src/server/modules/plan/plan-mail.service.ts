import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { planComment, planItem } from "../../db/schema/plan";
import { enqueueMail } from "../../mail/outbox";
import { planReminderMail } from "../../mail/plan-templates";
import { flushCommentNotices } from "./comment-notices";
import { companyEmails, itemUrl } from "./recipients";
import type { Database } from "../../db/client";

export const REMINDER_AFTER_MS = 5 * 86_400_000;

/**
 * Reminds clients of proposals that have waited on them for five days: once per proposal
 * version. Claiming the reminder is one UPDATE, so of several instances running this at once
 * only one claims each item (the other re-checks the row after the first commits and skips it).
 */
export async function sendProposalReminders(db: Database, options: { appUrl: string; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const due = await tx
      .update(planItem)
      .set({ remindedVersion: sql`${planItem.proposalVersion}` })
      .where(
        and(
          eq(planItem.state, "proposed"),
          lte(planItem.stateChangedAt, new Date(now.getTime() - REMINDER_AFTER_MS)),
          sql`${planItem.remindedVersion} is distinct from ${planItem.proposalVersion}`,
        ),
      )
      .returning({
        id: planItem.id,
        companyId: planItem.companyId,
        title: planItem.title,
        version: planItem.proposalVersion,
      });
    let mailed = 0;
    for (const item of due) {
      const mail = planReminderMail({
        title: item.title,
        version: item.version!,
        url: itemUrl(options.appUrl, "client", item.id),
      });
      for (const email of await companyEmails(tx, item.companyId)) {
        await enqueueMail(tx, email, mail);
        mailed++;
      }
    }
    return mailed;
  });
}

/** Sends the comment notices that waited for their item's five-minute window to end. */
export async function sendPendingCommentNotices(
  db: Database,
  options: { appUrl: string; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const pending = await db
    .selectDistinct({ itemId: planComment.itemId })
    .from(planComment)
    .where(isNull(planComment.noticedAt))
    .limit(200);
  let sent = 0;
  for (const { itemId } of pending) {
    const wrote = await db.transaction(async (tx) => {
      // Another instance flushing the same item holds it: leave it to that one.
      const [found] = await tx
        .select({ row: planItem, companyName: company.name })
        .from(planItem)
        .innerJoin(company, eq(company.id, planItem.companyId))
        .where(eq(planItem.id, itemId))
        .for("update", { of: planItem, skipLocked: true });
      if (!found) return 0;
      const toStaff = await flushCommentNotices(tx, found.row, found.companyName, "staff", now, options.appUrl);
      const toClient = await flushCommentNotices(tx, found.row, found.companyName, "client", now, options.appUrl);
      return Number(toStaff) + Number(toClient);
    });
    sent += wrote;
  }
  return sent;
}
