import { planComment } from "../../db/schema/plan";
import { audit } from "../audit";
import { flushCommentNotices } from "./comment-notices";
import { clientCompany } from "./create-item.service";
import { actorName, lockItem } from "./plan-item-row";
import type { PlanSide } from "./transitions";
import type { TPlanCommentResponse } from "../../../shared/plan";
import type { ActorContext } from "../../context/service-context";

/** A comment on an item, from either side; the other side hears of it by email (grouped, see comment-notices). */
export async function addPlanComment(
  ctx: ActorContext,
  input: { id: string; side: PlanSide; body: string },
): Promise<TPlanCommentResponse> {
  const { id, side, body } = input;
  if (side === "client") clientCompany(ctx.scope);
  return ctx.transaction(async (tx) => {
    const { row, companyName } = await lockItem(tx, id);
    const [created] = await tx.db
      .insert(planComment)
      .values({ itemId: row.id, authorId: tx.actor.id, authorName: actorName(tx.actor), side, body, createdAt: tx.now })
      .returning();
    if (side === "staff")
      await audit(tx, {
        action: "plan_item.commented",
        companyId: row.companyId,
        objectType: "plan_item",
        objectId: row.id,
        summary: `Commented on “${row.title}” (${companyName})`,
      });
    await flushCommentNotices(tx, { item: row, companyName, audience: side === "client" ? "staff" : "client" });
    return {
      id: created!.id,
      side: created!.side,
      authorName: created!.authorName,
      body: created!.body,
      createdAt: created!.createdAt.toISOString(),
    };
  });
}
