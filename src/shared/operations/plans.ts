import { operations } from "../api-operation";
import type { PlansSchemas } from "../plans-schemas";

export const plansOps = operations<PlansSchemas>()({
  listPlans: "GET /api/plans",
});
