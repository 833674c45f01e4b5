import { planComment } from "../../db/schema/plan";
import { recordAudit } from "../audit";
import { flushCommentNotices } from "./comment-notices";
import { clientCompany } from "./create-item.service";
import { lockItem, type PlanActor } from "./plan-item-row";
import type { TPlanCommentResponse } from "../../../shared/plan-responses";
import type { CompanyScope } from "../../context/company-scope";
import type { Database } from "../../db/client";

/** A comment on an item, from either side; the other side hears of it by email (grouped, see comment-notices). */
export async function addPlanComment(
  db: Database,
  scope: CompanyScope,
  actor: PlanActor,
  id: string,
  body: string,
  options: { appUrl: string; now?: Date },
): Promise<{ comment: TPlanCommentResponse; mailed: boolean }> {
  if (actor.side === "client") clientCompany(scope);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const { row, companyName } = await lockItem(tx, scope, id);
    const [created] = await tx
      .insert(planComment)
      .values({ itemId: row.id, authorId: actor.id, authorName: actor.name, side: actor.side, body, createdAt: now })
      .returning();
    if (actor.side === "staff")
      await recordAudit(tx, actor, {
        action: "plan_item.commented",
        companyId: row.companyId,
        objectType: "plan_item",
        objectId: row.id,
        summary: `Commented on “${row.title}” (${companyName})`,
      });
    const audience = actor.side === "client" ? "staff" : "client";
    const mailed = await flushCommentNotices(tx, row, companyName, audience, now, options.appUrl);
    const comment = {
      id: created!.id,
      side: created!.side,
      authorName: created!.authorName,
      body: created!.body,
      createdAt: created!.createdAt.toISOString(),
    };
    return { comment, mailed };
  });
}
