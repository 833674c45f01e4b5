import { and, eq } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { automation } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { conflict, notFound } from "../../lib/app-error";
import type { Database } from "../../db/client";

export type AutomationRow = typeof automation.$inferSelect;

export const NO_AUTOMATION = "There is no such automation.";
export const RETIRED = "This automation is retired; register a new one instead.";

/**
 * An automation of the company, locked for the rest of the transaction, with the company's name
 * (for audit summaries). 404 when the company has no such automation, whoever else has it; 409
 * when it is retired, unless `allowRetired`.
 */
export async function lockCompanyAutomation(
  tx: Database,
  companyId: string,
  automationId: string,
  { allowRetired = false }: { allowRetired?: boolean } = {},
): Promise<{ row: AutomationRow; companyName: string }> {
  if (!isUuid(companyId) || !isUuid(automationId)) throw notFound(NO_AUTOMATION);
  const [found] = await tx
    .select({ row: automation, companyName: company.name })
    .from(automation)
    .innerJoin(company, eq(company.id, automation.companyId))
    .where(and(eq(automation.id, automationId), eq(automation.companyId, companyId)))
    .for("update", { of: automation });
  if (!found) throw notFound(NO_AUTOMATION);
  if (found.row.status === "retired" && !allowRetired) throw conflict(RETIRED, "retired");
  return found;
}

/** "Invoice sync (Acme Ltd)": how audit summaries name an automation. */
export const automationLabel = (row: Pick<AutomationRow, "name">, companyName: string) =>
  `${row.name} (${companyName})`;
