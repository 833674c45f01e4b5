import { adminOps } from "./admin";
import { auditOps } from "./audit";
import { automationsOps } from "./automations";
import { billingOps } from "./billing";
import { dashboardOps } from "./dashboard";
import { docsOps } from "./docs";
import { healthOps } from "./health";
import { ingestOps } from "./ingest";
import { planOps } from "./plan";
import { plansOps } from "./plans";
import { securityOps } from "./security";
import { staffAutomationsOps } from "./staff-automations";
import { usersOps } from "./users";
import type { Operation } from "../api-operation";

/** Every operation of the contract, by id (for the web's tests; screens import their domain's file). */
export const ALL_OPERATIONS: Record<string, Operation> = {
  ...usersOps,
  ...automationsOps,
  ...staffAutomationsOps,
  ...ingestOps,
  ...dashboardOps,
  ...adminOps,
  ...auditOps,
  ...securityOps,
  ...healthOps,
  ...docsOps,
  ...billingOps,
  ...plansOps,
  ...planOps,
};
