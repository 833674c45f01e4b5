import { lockClientCompany } from "../../../context/company-scope";
import { invoice } from "../../../db/schema/billing";
import { audit } from "../../audit";
import { settingsOf } from "../billing-settings";
import { invoiceOf } from "./load-invoice";
import type { TGetInvoiceResponse } from "../../../../shared/billing";
import type { ActorContext } from "../../../context/service-context";

/** Staff start an invoice for a company: a draft (no number yet) in the company's currency. */
export async function createInvoice(
  ctx: ActorContext,
  input: { companyId: string; taxRatePercent?: number },
): Promise<TGetInvoiceResponse> {
  const { companyId } = input;
  const settings = settingsOf(ctx);
  return ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const client = await lockClientCompany(tx, companyId);
    const taxRateBp = input.taxRatePercent === undefined ? settings.taxRateBp : Math.round(input.taxRatePercent * 100);
    const [created] = await tx
      .insert(invoice)
      .values({ companyId, currency: client.currency, taxRateBp })
      .returning({ id: invoice.id });
    await audit(ttx, {
      action: "invoice.created",
      companyId,
      objectType: "invoice",
      objectId: created!.id,
      summary: `Started a draft invoice for ${client.name}`,
      after: { taxRateBp },
    });
    return { invoice: await invoiceOf(ttx, created!.id) };
  });
}
