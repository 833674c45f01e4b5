import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { audit } from "../../audit";
import { finalizeInvoice } from "./finalize-invoice";
import { lockInvoice } from "./lock-invoice";
import type { TGetInvoiceResponse } from "../../../../shared/billing";
import type { ActorContext } from "../../../context/service-context";

/** Staff finalize a draft: it takes its number and is mailed with its PDF (finalize-invoice.ts). */
export async function finalizeInvoiceByStaff(
  ctx: ActorContext,
  input: { invoiceId: string },
): Promise<TGetInvoiceResponse> {
  const { invoiceId } = input;
  return ctx.transaction(async (tx) => {
    const row = await lockInvoice(tx.db, invoiceId);
    const data = await finalizeInvoice(tx, { invoiceId });
    await audit(tx, {
      action: "invoice.finalized",
      companyId: row.companyId,
      objectType: "invoice",
      objectId: invoiceId,
      summary: `Issued invoice ${data.number} to ${row.companyName} for ${formatInvoiceMoney(data.totalMinor, data.currency)}`,
      before: { status: "draft" },
      after: { status: "open", number: data.number, totalMinor: data.totalMinor },
    });
    return { invoice: data };
  });
}
