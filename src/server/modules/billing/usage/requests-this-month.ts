import { and, count, eq, gte, sql } from "drizzle-orm";
import { company } from "../../../db/schema/companies";
import { planItem } from "../../../db/schema/plan";
import type { ServiceContext } from "../../../context/service-context";

/**
 * Automation plan items the company requested this calendar month (the month of `ctx.now`), in
 * its own time zone: what the plan's request limit counts.
 */
export async function requestsThisMonth({ db, now }: Pick<ServiceContext, "db" | "now">, companyId: string) {
  const localNow = sql`(${now.toISOString()}::timestamptz at time zone ${company.timeZone})`;
  const monthBegan = sql`(date_trunc('month', ${localNow}) at time zone ${company.timeZone})`;
  const [used] = await db
    .select({ n: count() })
    .from(planItem)
    .innerJoin(company, eq(company.id, planItem.companyId))
    .where(and(eq(planItem.companyId, companyId), gte(planItem.createdAt, monthBegan)));
  return used?.n ?? 0;
}
