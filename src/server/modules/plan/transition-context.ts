import { eq } from "drizzle-orm";
import { planItem } from "../../db/schema/plan";
import type { LockedItem, PlanActor } from "./plan-item-row";
import type { Database } from "../../db/client";

/** What each move works with: the transaction, the locked item, who moves it and when. */
export type TransitionContext = { tx: Database; item: LockedItem; actor: PlanActor; now: Date; appUrl: string };

/** The item entered a new state now: the wait clock restarts. */
export async function touch(tx: Database, id: string, now: Date) {
  await tx.update(planItem).set({ stateChangedAt: now, updatedAt: now }).where(eq(planItem.id, id));
}
