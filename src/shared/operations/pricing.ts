import { operations } from "../api-operation";
import type { PricingSchemas } from "../pricing";

export const pricingOps = operations<PricingSchemas>()({
  listPlans: "GET /api/plans",
});
