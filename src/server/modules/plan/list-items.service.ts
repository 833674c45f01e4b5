import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { PLAN_CATEGORY_OF, PLAN_STATES, type PlanCategory, type ZListPlanItemsQuery } from "../../../shared/plan";
import { inScope, type CompanyScope } from "../../context/company-scope";
import { company } from "../../db/schema/companies";
import { planItem, planQueueRank } from "../../db/schema/plan";
import { summaryColumns, toSummary } from "./plan-item-row";
import type { ServiceContext } from "../../context/service-context";
import type { z } from "zod";

type Query = z.output<typeof ZListPlanItemsQuery>;

const statesOf = (category: PlanCategory) => PLAN_STATES.filter((state) => PLAN_CATEGORY_OF[state] === category);

const filters = (scope: CompanyScope, query: Query) =>
  and(
    inScope(planItem.companyId, scope),
    query.companyId ? eq(planItem.companyId, query.companyId) : undefined,
    query.category ? inArray(planItem.state, statesOf(query.category)) : undefined,
    query.state ? eq(planItem.state, query.state) : undefined,
    query.priority ? eq(planItem.priority, query.priority) : undefined,
  );

/** A company's plan (staff: every company's), newest first. */
export async function listPlanItems(ctx: ServiceContext, query: Query) {
  const rows = await ctx.db
    .select(summaryColumns)
    .from(planItem)
    .innerJoin(company, eq(company.id, planItem.companyId))
    .where(filters(ctx.scope, query))
    .orderBy(desc(planItem.createdAt), desc(planItem.id))
    .limit(500);
  return rows.map(toSummary);
}

/**
 * The staff queue: what waits on the agency first (longest wait first, high priority before
 * others of the same age), then work in progress, then what waits on clients.
 */
export async function listPlanQueue(ctx: ServiceContext, query: Query) {
  const order = [asc(planQueueRank(planItem.state)), asc(planItem.stateChangedAt), asc(planItem.id)];
  // The 500 items are chosen in plan_item_queue_idx order on the item row alone, then their
  // summaries (company, proposal figures) are read for those 500 only, not for every item.
  const chosen = ctx.db
    .select({ id: planItem.id })
    .from(planItem)
    .where(filters({ all: true }, query))
    .orderBy(...order)
    .limit(500);
  const rows = await ctx.db
    .select(summaryColumns)
    .from(planItem)
    .innerJoin(company, eq(company.id, planItem.companyId))
    .where(inArray(planItem.id, chosen))
    .orderBy(...order);
  return rows.map(toSummary);
}
