import { operations } from "../api-operation";
import type { DashboardSchemas } from "../dashboard";

export const dashboardOps = operations<DashboardSchemas>()({
  getDashboard: "GET /api/dashboard",
});
