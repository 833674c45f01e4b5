import { and, eq, sql } from "drizzle-orm";
import { PLAN_CATEGORY_OF } from "../../../shared/plan";
import { isUuid } from "../../../shared/uuid";
import { inScope } from "../../context/company-scope";
import { company } from "../../db/schema/companies";
import { planHistory, planItem } from "../../db/schema/plan";
import { notFound } from "../../lib/app-error";
import type { PlanSide } from "./transitions";
import type { PlanItemSummary } from "../../../shared/plan";
import type { Actor, ActorContext, ServiceContext } from "../../context/service-context";

export type PlanItemRow = typeof planItem.$inferSelect;

/** How a person is named on an item's history and comments: their name, or their address when they have none. */
export const actorName = (actor: Pick<Actor, "name" | "email">) => actor.name || actor.email;

export const NO_ITEM = "There is no such item in your plan.";

/** The item, locked for the rest of the transaction, with its company; 404 outside the caller's scope. */
export async function lockItem(tx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(NO_ITEM);
  const [found] = await tx.db
    .select({
      row: planItem,
      companyName: company.name,
      currency: company.currency,
      hourlyValueMinor: company.hourlyValueMinor,
    })
    .from(planItem)
    .innerJoin(company, eq(company.id, planItem.companyId))
    .where(and(eq(planItem.id, id), inScope(planItem.companyId, tx.scope)))
    .for("update", { of: planItem });
  if (!found) throw notFound(NO_ITEM);
  return found;
}
export type LockedItem = Awaited<ReturnType<typeof lockItem>>;

/** Appends one line to the item's history (never edited afterwards), by the context's actor for `side`, now. */
export async function addHistory(
  tx: ActorContext,
  itemId: string,
  side: PlanSide,
  change: { field: string; from?: string | null; to?: string | null; comment?: string | null },
) {
  await tx.db.insert(planHistory).values({
    itemId,
    actorId: tx.actor.id,
    actorName: actorName(tx.actor),
    side,
    field: change.field,
    fromValue: change.from ?? null,
    toValue: change.to ?? null,
    comment: change.comment ?? null,
    at: tx.now,
  });
}

/** The item entered a new state now: the wait clock restarts. */
export async function touch(tx: ServiceContext, id: string) {
  await tx.db.update(planItem).set({ stateChangedAt: tx.now, updatedAt: tx.now }).where(eq(planItem.id, id));
}

/** The columns of a list row; the newest proposal's estimate and target date come from a subquery. */
export const summaryColumns = {
  id: planItem.id,
  companyId: planItem.companyId,
  companyName: company.name,
  title: planItem.title,
  problem: planItem.problem,
  state: planItem.state,
  priority: planItem.priority,
  wishedDate: planItem.wishedDate,
  timesPerMonth: planItem.timesPerMonth,
  minutesEach: planItem.minutesEach,
  proposalVersion: planItem.proposalVersion,
  hoursPerMonth: sql<number | null>`(select p.hours_per_month from plan_proposal p
    where p.item_id = ${planItem.id} and p.version = ${planItem.proposalVersion})`,
  targetDate: sql<string | null>`(select p.target_date::text from plan_proposal p
    where p.item_id = ${planItem.id} and p.version = ${planItem.proposalVersion})`,
  stateChangedAt: planItem.stateChangedAt,
  createdAt: planItem.createdAt,
};

type SummaryRow = Pick<
  PlanItemRow,
  | "id"
  | "companyId"
  | "title"
  | "problem"
  | "state"
  | "priority"
  | "wishedDate"
  | "timesPerMonth"
  | "minutesEach"
  | "proposalVersion"
  | "stateChangedAt"
  | "createdAt"
> & { companyName: string; hoursPerMonth: number | null; targetDate: string | null };

export function toSummary(row: SummaryRow): PlanItemSummary {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    title: row.title,
    problem: row.problem,
    state: row.state,
    category: PLAN_CATEGORY_OF[row.state],
    priority: row.priority,
    wishedDate: row.wishedDate,
    estimatedMinutesPerMonth: row.timesPerMonth * row.minutesEach,
    proposalVersion: row.proposalVersion,
    hoursPerMonth: row.hoursPerMonth === null ? null : Number(row.hoursPerMonth),
    targetDate: row.targetDate,
    stateChangedAt: new Date(row.stateChangedAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
