import { and, asc, eq, inArray, or } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { automation } from "../../db/schema/automations";
import { successRate, type PeriodTotals } from "../run-figures";
import type { TMonthlyReport } from "../../../shared/reports";
import type { ServiceContext } from "../../context/service-context";
import type { PlanInPeriod } from "../plan";

/**
 * One row per automation that ran in the month or is live now (a live automation with no run is a
 * finding too), with the hours its plan item promised where there is one; most minutes saved first.
 */
export async function automationRows(
  ctx: ServiceContext,
  input: { companyId: string; perAutomation: Map<string, PeriodTotals>; plan: PlanInPeriod },
): Promise<TMonthlyReport["automations"]> {
  const ran = [...input.perAutomation.keys()];
  const named = await ctx.db
    .select({ id: automation.id, name: automation.name })
    .from(automation)
    .where(
      and(
        inScope(automation.companyId, ctx.scope),
        ran.length > 0 ? or(inArray(automation.id, ran), eqLiveOf(input.companyId)) : eqLiveOf(input.companyId),
      ),
    )
    .orderBy(asc(automation.name));
  const rows = named.map(({ id, name }) => {
    const t = input.perAutomation.get(id) ?? { success: 0, failed: 0, running: 0, skipped: 0, minutesSaved: 0 };
    return {
      id,
      name,
      runs: t.success + t.failed + t.running + t.skipped,
      success: t.success,
      failed: t.failed,
      successRate: successRate(t.success, t.failed),
      minutesSaved: t.minutesSaved,
      promisedHoursPerMonth: input.plan.promisedHoursByAutomation.get(id) ?? null,
    };
  });
  return rows.sort((a, b) => b.minutesSaved - a.minutesSaved || a.name.localeCompare(b.name));
}

/** The company's automations that are live now. */
const eqLiveOf = (companyId: string) => and(eq(automation.companyId, companyId), eq(automation.status, "live"));
