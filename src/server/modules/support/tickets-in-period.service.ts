import { and, eq, gte, lt, or } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { ticket } from "../../db/schema/support";
import { activeMs } from "./sla";
import { loadSlaTargets } from "./sla-targets.service";
import type { ServiceContext } from "../../context/service-context";

const MINUTE_MS = 60_000;

/** A company's support over a period, against the SLA targets staff set per priority. */
export interface SupportInPeriod {
  /** Tickets opened in the period. */
  opened: number;
  /** Of those, answered by the agency; and answered within the first-response target. */
  answered: number;
  answeredInTime: number;
  /** Mean minutes from opening to the agency's first answer, of the answered ones (null: none). */
  averageFirstResponseMinutes: number | null;
  /** Tickets resolved in the period, whenever they were opened; and resolved within the target. */
  resolved: number;
  resolvedInTime: number;
  /** Mean minutes the resolution clock ran (waiting on the client excluded), of the resolved ones. */
  averageResolutionMinutes: number | null;
}

const mean = (values: number[]) =>
  values.length === 0 ? null : Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);

/**
 * The tickets of one company opened or resolved from `from` up to `before`: how fast they were
 * answered and resolved, by the same clocks the ticket screen shows (`sla.ts`).
 */
export async function ticketsInPeriod(
  ctx: ServiceContext,
  input: { companyId: string; from: Date; before: Date },
): Promise<SupportInPeriod> {
  const { from, before } = input;
  const rows = await ctx.db
    .select()
    .from(ticket)
    .where(
      and(
        inScope(ticket.companyId, ctx.scope),
        eq(ticket.companyId, input.companyId),
        or(
          and(gte(ticket.createdAt, from), lt(ticket.createdAt, before)),
          and(gte(ticket.resolvedAt, from), lt(ticket.resolvedAt, before)),
        ),
      ),
    );
  const targetsOf = await loadSlaTargets(ctx.db);
  const opened = rows.filter((row) => row.createdAt >= from && row.createdAt < before);
  const answered = opened.filter((row) => row.firstRespondedAt !== null);
  const firstMinutes = answered.map((row) => (row.firstRespondedAt!.getTime() - row.createdAt.getTime()) / MINUTE_MS);
  const resolved = rows.filter((row) => row.resolvedAt !== null && row.resolvedAt >= from && row.resolvedAt < before);
  const resolutionMinutes = resolved.map((row) => activeMs(row, row.resolvedAt!) / MINUTE_MS);
  return {
    opened: opened.length,
    answered: answered.length,
    answeredInTime: answered.filter((row, i) => firstMinutes[i]! <= targetsOf(row.priority).firstResponseMinutes)
      .length,
    averageFirstResponseMinutes: mean(firstMinutes),
    resolved: resolved.length,
    resolvedInTime: resolved.filter((row, i) => resolutionMinutes[i]! <= targetsOf(row.priority).resolutionMinutes)
      .length,
    averageResolutionMinutes: mean(resolutionMinutes),
  };
}
