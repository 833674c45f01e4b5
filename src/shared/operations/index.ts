import { clientDetailOps } from "./client-detail";
import { clientsOps } from "./clients";
import { companiesOps } from "./companies";
import { contactOps } from "./contact";
import { leadsOps } from "./leads";
import { meOps } from "./me";
import { notificationsOps } from "./notifications";
import { usersOps } from "./users";
import { viewAsOps } from "./view-as";
import type { Operation } from "../api-operation";

/** Every operation of the contract, by id (for the web's tests; screens import their domain's file). */
export const ALL_OPERATIONS: Record<string, Operation> = {
  ...usersOps,
  ...companiesOps,
  ...clientsOps,
  ...clientDetailOps,
  ...viewAsOps,
  ...meOps,
  ...notificationsOps,
  ...contactOps,
  ...leadsOps,
};
