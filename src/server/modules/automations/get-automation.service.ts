import { isUuid } from "../../../shared/uuid";
import { notFound } from "../../lib/app-error";
import { listAutomations } from "./list-automations.service";
import type { AutomationDetail } from "../../../shared/automation-responses";
import type { CompanyScope } from "../../context/company-scope";
import type { Database } from "../../db/client";

/** One automation in scope with its figures; any other id, or one of another company, is not found. */
export async function getAutomation(
  db: Database,
  scope: CompanyScope,
  id: string,
  now = new Date(),
): Promise<AutomationDetail> {
  const [found] = isUuid(id) ? await listAutomations(db, scope, { id }, now) : [];
  if (!found) throw notFound("There is no such automation in your company.");
  return found;
}
