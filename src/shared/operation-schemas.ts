import { clientDetailSchemas } from "./client-detail";
import { clientsSchemas } from "./clients";
import { companiesSchemas } from "./companies";
import { contactSchemas } from "./contact-schemas";
import { leadsSchemas } from "./leads";
import { meSchemas } from "./me";
import { notificationsSchemas } from "./notifications";
import { usersSchemas } from "./users";
import { viewAsSchemas } from "./view-as";
import type { OperationSchemas } from "./api-operation";

/** Every operation's schemas, by id: what the web's fake API parses its answers with. */
export const ALL_OPERATION_SCHEMAS: Record<string, OperationSchemas> = {
  ...usersSchemas,
  ...companiesSchemas,
  ...clientsSchemas,
  ...clientDetailSchemas,
  ...viewAsSchemas,
  ...meSchemas,
  ...notificationsSchemas,
  ...contactSchemas,
  ...leadsSchemas,
};
