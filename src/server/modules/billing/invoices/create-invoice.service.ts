import { lockClientCompany } from "../../../context/company-scope";
import { invoice } from "../../../db/schema/billing";
import { recordAudit, type AuditActor } from "../../audit/record-audit";
import { loadInvoice } from "./load-invoice";
import type { TGetInvoiceResponse } from "../../../../shared/billing-schemas";
import type { Database } from "../../../db/client";
import type { BillingSettings } from "../billing-settings";

/** Staff start an invoice for a company: a draft (no number yet) in the company's currency. */
export async function createInvoice(
  db: Database,
  actor: AuditActor,
  companyId: string,
  input: { taxRatePercent?: number },
  settings: BillingSettings,
): Promise<TGetInvoiceResponse> {
  return db.transaction(async (tx) => {
    const client = await lockClientCompany(tx, companyId);
    const taxRateBp = input.taxRatePercent === undefined ? settings.taxRateBp : Math.round(input.taxRatePercent * 100);
    const [created] = await tx
      .insert(invoice)
      .values({ companyId, currency: client.currency, taxRateBp })
      .returning({ id: invoice.id });
    await recordAudit(tx, actor, {
      action: "invoice.created",
      companyId,
      objectType: "invoice",
      objectId: created!.id,
      summary: `Started a draft invoice for ${client.name}`,
      after: { taxRateBp },
    });
    return { invoice: await loadInvoice(tx, created!.id, settings.payTo) };
  });
}
