import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { planComment, planItem } from "../../db/schema/plan";
import { planReminderMail } from "../../mail/plan-templates";
import { flushCommentNotices } from "./comment-notices";
import { companyEmails, itemUrl } from "./recipients";
import type { ServiceContext } from "../../context/service-context";

export const REMINDER_AFTER_MS = 5 * 86_400_000;

/**
 * Reminds clients of proposals that have waited on them for five days: once per proposal
 * version. Claiming the reminder is one UPDATE, so of several instances running this at once
 * only one claims each item (the other re-checks the row after the first commits and skips it).
 */
export async function sendProposalReminders(ctx: ServiceContext): Promise<number> {
  return ctx.transaction(async (tx) => {
    const due = await tx.db
      .update(planItem)
      .set({ remindedVersion: sql`${planItem.proposalVersion}` })
      .where(
        and(
          eq(planItem.state, "proposed"),
          lte(planItem.stateChangedAt, new Date(tx.now.getTime() - REMINDER_AFTER_MS)),
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
        url: itemUrl(tx.app.config.APP_URL, "client", item.id),
      });
      for (const email of await companyEmails(tx.db, item.companyId)) {
        await tx.outbox.enqueue(email, mail);
        mailed++;
      }
    }
    return mailed;
  });
}

/** Sends the comment notices that waited for their item's five-minute window to end. */
export async function sendPendingCommentNotices(ctx: ServiceContext): Promise<number> {
  const pending = await ctx.db
    .selectDistinct({ itemId: planComment.itemId })
    .from(planComment)
    .where(isNull(planComment.noticedAt))
    .limit(200);
  let sent = 0;
  for (const { itemId } of pending) {
    const wrote = await ctx.transaction(async (tx) => {
      // Another instance flushing the same item holds it: leave it to that one.
      const [found] = await tx.db
        .select({ row: planItem, companyName: company.name })
        .from(planItem)
        .innerJoin(company, eq(company.id, planItem.companyId))
        .where(eq(planItem.id, itemId))
        .for("update", { of: planItem, skipLocked: true });
      if (!found) return 0;
      const { row: item, companyName } = found;
      const toStaff = await flushCommentNotices(tx, { item, companyName, audience: "staff" });
      const toClient = await flushCommentNotices(tx, { item, companyName, audience: "client" });
      return Number(toStaff) + Number(toClient);
    });
    sent += wrote;
  }
  return sent;
}
