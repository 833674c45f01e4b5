import { operations } from "../api-operation";
import type { HealthSchemas } from "../health";

export const healthOps = operations<HealthSchemas>()({
  getHealth: "GET /api/health",
  getReadiness: "GET /api/ready",
});
