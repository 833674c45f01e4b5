import { adminSchemas } from "./admin";
import { auditSchemas } from "./audit";
import { automationsSchemas } from "./automations";
import { automationRunsSchemas } from "./automations";
import { betterAuthSchemas } from "./better-auth";
import { billingSchemas } from "./billing";
import { channelsSchemas } from "./channels";
import { clientDetailSchemas } from "./client-detail";
import { clientsSchemas } from "./clients";
import { companiesSchemas } from "./companies";
import { connectionsSchemas } from "./connections";
import { contactSchemas } from "./contact";
import { dashboardSchemas } from "./dashboard";
import { docsSchemas } from "./docs";
import { healthSchemas } from "./health";
import { hoursSchemas } from "./hours";
import { leadsSchemas } from "./leads";
import { meSchemas } from "./me";
import { notificationsSchemas } from "./notifications";
import { planSchemas } from "./plan";
import { pricingSchemas } from "./pricing";
import { reportsSchemas } from "./reports";
import { securitySchemas } from "./security";
import { staffAutomationsSchemas } from "./staff-automations";
import { supportSchemas } from "./support";
import { supportUploadsSchemas } from "./support";
import { usersSchemas } from "./users";
import { viewAsSchemas } from "./view-as";
import type { OperationSchemas } from "./api-operation";

/** Every operation's schemas, by id: what the web's fake API parses its answers with. */
export const ALL_OPERATION_SCHEMAS: Record<string, OperationSchemas> = {
  ...adminSchemas,
  ...auditSchemas,
  ...automationsSchemas,
  ...automationRunsSchemas,
  ...betterAuthSchemas,
  ...billingSchemas,
  ...channelsSchemas,
  ...clientDetailSchemas,
  ...clientsSchemas,
  ...companiesSchemas,
  ...connectionsSchemas,
  ...contactSchemas,
  ...dashboardSchemas,
  ...docsSchemas,
  ...healthSchemas,
  ...hoursSchemas,
  ...leadsSchemas,
  ...meSchemas,
  ...notificationsSchemas,
  ...planSchemas,
  ...pricingSchemas,
  ...reportsSchemas,
  ...securitySchemas,
  ...staffAutomationsSchemas,
  ...supportSchemas,
  ...supportUploadsSchemas,
  ...usersSchemas,
  ...viewAsSchemas,
};
