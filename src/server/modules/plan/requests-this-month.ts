import { and, count, eq, gte, sql } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { planItem } from "../../db/schema/plan";
import type { Database } from "../../db/client";

/**
 * Automation plan items the company requested this calendar month, in its own time zone: what
 * the plan's request limit counts.
 */
export async function requestsThisMonth(db: Pick<Database, "select">, companyId: string, now = new Date()) {
  const localNow = sql`(${now.toISOString()}::timestamptz at time zone ${company.timeZone})`;
  const monthBegan = sql`(date_trunc('month', ${localNow}) at time zone ${company.timeZone})`;
  const [used] = await db
    .select({ n: count() })
    .from(planItem)
    .innerJoin(company, eq(company.id, planItem.companyId))
    .where(and(eq(planItem.companyId, companyId), gte(planItem.createdAt, monthBegan)));
  return used?.n ?? 0;
}
