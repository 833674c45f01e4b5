import { and, count, eq, gte } from "drizzle-orm";
import { monthStart } from "../../../shared/days";
import { planItem } from "../../db/schema/plan";
import type { Database } from "../../db/client";

/** Automation plan items the company requested this calendar month (UTC): what the plan's request limit counts. */
export async function requestsThisMonth(db: Pick<Database, "select">, companyId: string, now = new Date()) {
  const [used] = await db
    .select({ n: count() })
    .from(planItem)
    .where(and(eq(planItem.companyId, companyId), gte(planItem.createdAt, new Date(`${monthStart(now)}T00:00:00Z`))));
  return used?.n ?? 0;
}
