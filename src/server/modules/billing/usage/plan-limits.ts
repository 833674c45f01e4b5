import { and, eq, ne, sql } from "drizzle-orm";
import { automation } from "../../../db/schema/automations";
import { subscription } from "../../../db/schema/billing";
import { pricingPlan } from "../../../db/schema/pricing";
import { companyRunsBetween } from "../../run-figures";
import { requestsThisMonth } from "./requests-this-month";
import type { TUsage } from "../../../../shared/billing";
import type { ServiceContext } from "../../../context/service-context";

export interface PlanLimits {
  planSlug: string;
  runsPerMonth: number;
  automations: number;
  /** Automation plan requests a month; null when the plan does not limit them. */
  requestsPerMonth: number | null;
}

/** The limits of the plan a company is on (canceled or no subscription: null). */
export async function planLimitsOf({ db }: Pick<ServiceContext, "db">, companyId: string): Promise<PlanLimits | null> {
  const [row] = await db
    .select({
      planSlug: pricingPlan.slug,
      runsPerMonth: pricingPlan.monthlyRunAllowance,
      automations: pricingPlan.includedAutomations,
      requestsPerMonth: pricingPlan.monthlyRequestAllowance,
    })
    .from(subscription)
    .innerJoin(pricingPlan, eq(pricingPlan.id, subscription.planId))
    .where(and(eq(subscription.companyId, companyId), ne(subscription.status, "canceled")));
  return row ?? null;
}

const percentOf = (used: number, limit: number | null) =>
  limit === null ? null : limit === 0 ? (used > 0 ? 100 : 0) : Math.floor((used * 100) / limit);

/**
 * Runs in the current period, automations not retired and this month's automation plan requests,
 * against the plan's limits. Past the runs and automations limits nothing is blocked (runs are
 * recorded and the overage is shown); past the request limit a new request is refused.
 */
export async function usageOf(
  ctx: Pick<ServiceContext, "db" | "now">,
  input: { companyId: string; period: { start: Date; end: Date }; limits: PlanLimits },
): Promise<TUsage[]> {
  const { db } = ctx;
  const { companyId, period, limits } = input;
  const startDay = period.start.toISOString().slice(0, 10);
  const endDay = period.end.toISOString().slice(0, 10);
  const runs = await companyRunsBetween(ctx, { companyId, from: startDay, before: endDay });
  const [automations] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(automation)
    .where(and(eq(automation.companyId, companyId), ne(automation.status, "retired")));
  const requests = await requestsThisMonth(ctx, companyId);
  const usage: TUsage[] = [
    {
      metric: "runs",
      used: runs,
      limit: limits.runsPerMonth,
      percent: percentOf(runs, limits.runsPerMonth),
    },
    {
      metric: "automations",
      used: automations?.n ?? 0,
      limit: limits.automations,
      percent: percentOf(automations?.n ?? 0, limits.automations),
    },
    {
      metric: "requests",
      used: requests,
      limit: limits.requestsPerMonth,
      percent: percentOf(requests, limits.requestsPerMonth),
    },
  ];
  return usage;
}
