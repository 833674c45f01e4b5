import { and, eq } from "drizzle-orm";
import { pricingPlan } from "../../../db/schema/pricing";
import { AppError } from "../../../lib/app-error";
import type { Database } from "../../../db/client";

/** A plan on sale, by its slug; otherwise a 400 on the field. */
export async function findPlanOnSale(db: Pick<Database, "select">, slug: string) {
  const [row] = await db
    .select()
    .from(pricingPlan)
    .where(and(eq(pricingPlan.slug, slug), eq(pricingPlan.active, true)));
  if (!row)
    throw new AppError("VALIDATION", "There is no such plan on sale.", { fields: { planSlug: "Choose a plan" } });
  return row;
}
