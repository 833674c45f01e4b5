import { eq } from "drizzle-orm";
import { planItem } from "../../db/schema/plan";
import type { LockedItem, PlanActor, Tx } from "./plan-item-row";

/** What each move works with: the transaction, the locked item, who moves it and when. */
export type TransitionContext = { tx: Tx; item: LockedItem; actor: PlanActor; now: Date; appUrl: string };

/** The item entered a new state now: the wait clock restarts. */
export async function touch(tx: Tx, id: string, now: Date) {
  await tx.update(planItem).set({ stateChangedAt: now, updatedAt: now }).where(eq(planItem.id, id));
}
