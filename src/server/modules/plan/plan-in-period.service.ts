import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { planHistory, planItem, planProposal } from "../../db/schema/plan";
import type { ServiceContext } from "../../context/service-context";

/** A company's automation plan as a monthly report tells it. */
export interface PlanInPeriod {
  /** Items that went live in the period, when they did. */
  delivered: { id: string; title: string; liveAt: string }[];
  /** Approved or being built now, with the approved proposal's target date. */
  inProgress: { id: string; title: string; state: "approved" | "building"; targetDate: string | null }[];
  /** Proposals waiting on the client's approval now, since when. */
  awaitingClient: { id: string; title: string; since: string }[];
  /** The approved proposal's promised hours a month, by the automation its item went live as. */
  promisedHoursByAutomation: Map<string, number>;
}

/** The approved proposal of each item (its `approved_version`). */
const approvedProposal = and(
  eq(planProposal.itemId, planItem.id),
  sql`${planProposal.version} = ${planItem.approvedVersion}`,
);

/**
 * One company's plan for a period from `from` up to `before`: what was delivered in it (a
 * change of state to live, from the item's history), and where the rest stands at `ctx.now`.
 */
export async function planInPeriod(
  ctx: ServiceContext,
  input: { companyId: string; from: Date; before: Date },
): Promise<PlanInPeriod> {
  const ofCompany = and(inScope(planItem.companyId, ctx.scope), eq(planItem.companyId, input.companyId));
  const delivered = await ctx.db
    .select({ id: planItem.id, title: planItem.title, at: planHistory.at })
    .from(planHistory)
    .innerJoin(planItem, eq(planItem.id, planHistory.itemId))
    .where(
      and(
        ofCompany,
        eq(planHistory.field, "state"),
        eq(planHistory.toValue, "live"),
        gte(planHistory.at, input.from),
        lt(planHistory.at, input.before),
      ),
    )
    .orderBy(asc(planHistory.at));
  const current = await ctx.db
    .select({
      id: planItem.id,
      title: planItem.title,
      state: planItem.state,
      since: planItem.stateChangedAt,
      automationId: planItem.automationId,
      targetDate: planProposal.targetDate,
      hoursPerMonth: planProposal.hoursPerMonth,
    })
    .from(planItem)
    .leftJoin(planProposal, approvedProposal)
    .where(and(ofCompany, inArray(planItem.state, ["approved", "building", "proposed", "live", "retired"])))
    .orderBy(asc(planItem.stateChangedAt), desc(planItem.id));
  const promised = current.filter((row) => row.automationId !== null && row.hoursPerMonth !== null);
  return {
    delivered: delivered.map((row) => ({ id: row.id, title: row.title, liveAt: row.at.toISOString() })),
    inProgress: current
      .filter((row) => row.state === "approved" || row.state === "building")
      .map((row) => ({
        id: row.id,
        title: row.title,
        state: row.state as "approved" | "building",
        targetDate: row.targetDate,
      })),
    awaitingClient: current
      .filter((row) => row.state === "proposed")
      .map((row) => ({ id: row.id, title: row.title, since: row.since.toISOString() })),
    promisedHoursByAutomation: new Map(promised.map((row) => [row.automationId!, row.hoursPerMonth!])),
  };
}
