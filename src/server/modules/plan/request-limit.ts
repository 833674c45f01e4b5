import { planLimitsOf } from "../billing";
import type { Database } from "../../db/client";

/** How many items a company may request in a calendar month, from its plan; null: no limit (or no plan). */
export async function requestLimitPerMonth(db: Database, companyId: string): Promise<number | null> {
  return (await planLimitsOf({ db }, companyId))?.requestsPerMonth ?? null;
}

export type RequestLimitLookup = typeof requestLimitPerMonth;
