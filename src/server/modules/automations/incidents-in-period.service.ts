import { and, asc, eq, gte, isNull, lt, or } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { automation, automationIncident } from "../../db/schema/automations";
import type { ServiceContext } from "../../context/service-context";

/**
 * A company's failing and stale episodes that were open at some moment from `from` up to
 * `before` (opened before its end, not recovered before its start), oldest first: when each
 * began and when its automation recovered (null: not yet).
 */
export async function incidentsInPeriod(ctx: ServiceContext, input: { companyId: string; from: Date; before: Date }) {
  const rows = await ctx.db
    .select({
      id: automationIncident.id,
      automationId: automation.id,
      automationName: automation.name,
      kind: automationIncident.kind,
      openedAt: automationIncident.openedAt,
      resolvedAt: automationIncident.resolvedAt,
    })
    .from(automationIncident)
    .innerJoin(automation, eq(automation.id, automationIncident.automationId))
    .where(
      and(
        inScope(automation.companyId, ctx.scope),
        eq(automation.companyId, input.companyId),
        lt(automationIncident.openedAt, input.before),
        or(isNull(automationIncident.resolvedAt), gte(automationIncident.resolvedAt, input.from)),
      ),
    )
    .orderBy(asc(automationIncident.openedAt), asc(automationIncident.id));
  return rows.map((row) => ({
    ...row,
    openedAt: row.openedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }));
}
