import { planLimitsOf } from "../billing";
import type { ServiceContext } from "../../context/service-context";

/** How many items a company may request in a calendar month, from its plan; null: no limit (or no plan). */
export async function requestLimitPerMonth(ctx: ServiceContext, companyId: string): Promise<number | null> {
  return (await planLimitsOf(ctx, companyId))?.requestsPerMonth ?? null;
}
