import { operations } from "../api-operation";
import type { PlanSchemas } from "../plan";

export const planOps = operations<PlanSchemas>()({
  listPlanItems: "GET /api/plan/items",
  createPlanItem: "POST /api/plan/items",
  getPlanItem: "GET /api/plan/items/{id}",
  transitionPlanItem: "POST /api/plan/items/{id}/transitions",
  commentPlanItem: "POST /api/plan/items/{id}/comments",
  listPlanQueue: "GET /api/staff/plan/queue",
  staffTransitionPlanItem: "POST /api/staff/plan/items/{id}/transitions",
  staffCommentPlanItem: "POST /api/staff/plan/items/{id}/comments",
});
