import { and, count, eq, ne, sql } from "drizzle-orm";
import { slaTarget, ticket } from "../../db/schema/support";
import type { TTicketStatsResponse } from "../../../shared/support";
import type { ServiceContext } from "../../context/service-context";

const minutes = (column: unknown, fallback: number) => sql`(coalesce(${column}, ${fallback}) * interval '1 minute')`;

/** For /admin: the open tickets by age, and the tickets past a target (first response, resolution). */
export async function ticketStats(ctx: ServiceContext): Promise<TTicketStatsResponse> {
  const { db, now } = ctx;
  const at = sql`${now.toISOString()}::timestamptz`;
  const age = sql`${at} - ${ticket.createdAt}`;
  const n = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})::int`;
  const [row] = await db
    .select({
      underOneDay: n(sql`${age} < interval '1 day'`),
      oneToThreeDays: n(sql`${age} >= interval '1 day' and ${age} < interval '3 days'`),
      threeToSevenDays: n(sql`${age} >= interval '3 days' and ${age} < interval '7 days'`),
      overSevenDays: n(sql`${age} >= interval '7 days'`),
      firstResponse: n(
        sql`coalesce(${ticket.firstRespondedAt}, ${at}) > ${ticket.createdAt} + ${minutes(slaTarget.firstResponseMinutes, 1440)}`,
      ),
      resolution: n(
        sql`coalesce(${ticket.pausedSince}, ${at}) - ${ticket.createdAt} - (${ticket.pausedMs} * interval '1 millisecond') > ${minutes(slaTarget.resolutionMinutes, 10080)}`,
      ),
      total: count(),
    })
    .from(ticket)
    .leftJoin(slaTarget, eq(slaTarget.priority, ticket.priority))
    .where(and(ne(ticket.status, "resolved")));
  return {
    openByAge: {
      underOneDay: row?.underOneDay ?? 0,
      oneToThreeDays: row?.oneToThreeDays ?? 0,
      threeToSevenDays: row?.threeToSevenDays ?? 0,
      overSevenDays: row?.overSevenDays ?? 0,
    },
    breaches: { firstResponse: row?.firstResponse ?? 0, resolution: row?.resolution ?? 0 },
  };
}
