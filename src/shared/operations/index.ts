import { adminOps } from "./admin";
import { auditOps } from "./audit";
import { automationsOps } from "./automations";
import { betterAuthOps } from "./better-auth";
import { billingOps } from "./billing";
import { channelsOps } from "./channels";
import { clientDetailOps } from "./client-detail";
import { clientsOps } from "./clients";
import { companiesOps } from "./companies";
import { connectionsOps } from "./connections";
import { contactOps } from "./contact";
import { dashboardOps } from "./dashboard";
import { docsOps } from "./docs";
import { healthOps } from "./health";
import { hoursOps } from "./hours";
import { ingestOps } from "./ingest";
import { leadsOps } from "./leads";
import { meOps } from "./me";
import { notificationsOps } from "./notifications";
import { planOps } from "./plan";
import { pricingOps } from "./pricing";
import { reportsOps } from "./reports";
import { securityOps } from "./security";
import { staffAutomationsOps } from "./staff-automations";
import { supportOps } from "./support";
import { usersOps } from "./users";
import { viewAsOps } from "./view-as";
import type { Operation } from "../api-operation";

/** Every operation of the contract, by id (for the web's tests; screens import their domain's file). */
export const ALL_OPERATIONS: Record<string, Operation> = {
  ...adminOps,
  ...auditOps,
  ...automationsOps,
  ...betterAuthOps,
  ...billingOps,
  ...channelsOps,
  ...clientDetailOps,
  ...clientsOps,
  ...companiesOps,
  ...connectionsOps,
  ...contactOps,
  ...dashboardOps,
  ...docsOps,
  ...healthOps,
  ...hoursOps,
  ...ingestOps,
  ...leadsOps,
  ...meOps,
  ...notificationsOps,
  ...planOps,
  ...pricingOps,
  ...reportsOps,
  ...securityOps,
  ...staffAutomationsOps,
  ...supportOps,
  ...usersOps,
  ...viewAsOps,
};
