import { and, asc, eq, isNull } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { planComment, planItem } from "../../db/schema/plan";
import { planCommentsMail } from "../../mail/plan-templates";
import { commentAuthorName } from "./get-item.service";
import { companyEmails, itemUrl, staffEmails } from "./recipients";
import type { PlanItemRow } from "./plan-item-row";
import type { PlanSide } from "./transitions";
import type { ServiceContext } from "../../context/service-context";

/** At most one comment email per item and side in this window; comments written meanwhile wait and go together. */
export const NOTICE_WINDOW_MS = 5 * 60_000;

/**
 * Mails one side the other side's comments it has not been told of, unless it was mailed about
 * this item less than five minutes ago (then the plan worker sends them once the window ends).
 * Call it with the item row locked. Returns whether mail was written.
 */
export async function flushCommentNotices(
  tx: ServiceContext,
  input: {
    item: Pick<PlanItemRow, "id" | "companyId" | "title" | "clientNoticeAt" | "staffNoticeAt">;
    companyName: string;
    audience: PlanSide;
  },
): Promise<boolean> {
  const { item, companyName, audience } = input;
  const { now } = tx;
  const last = audience === "client" ? item.clientNoticeAt : item.staffNoticeAt;
  if (last && now.getTime() - last.getTime() < NOTICE_WINDOW_MS) return false;
  const writers: PlanSide = audience === "client" ? "staff" : "client";
  const pending = await tx.db
    .select({ id: planComment.id, authorName: commentAuthorName, body: planComment.body })
    .from(planComment)
    .leftJoin(user, eq(user.id, planComment.authorId))
    .where(and(eq(planComment.itemId, item.id), eq(planComment.side, writers), isNull(planComment.noticedAt)))
    .orderBy(asc(planComment.createdAt));
  if (pending.length === 0) return false;
  const recipients = audience === "client" ? await companyEmails(tx.db, item.companyId) : await staffEmails(tx.db);
  const mail = planCommentsMail({
    to: audience,
    companyName,
    title: item.title,
    comments: pending,
    url: itemUrl(tx.app.config.APP_URL, audience, item.id),
  });
  for (const email of recipients) await tx.outbox.enqueue(email, mail);
  await tx.db
    .update(planComment)
    .set({ noticedAt: now })
    .where(and(eq(planComment.itemId, item.id), eq(planComment.side, writers), isNull(planComment.noticedAt)));
  await tx.db
    .update(planItem)
    .set(audience === "client" ? { clientNoticeAt: now } : { staffNoticeAt: now })
    .where(eq(planItem.id, item.id));
  return recipients.length > 0;
}
