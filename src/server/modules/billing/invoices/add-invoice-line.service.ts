import { eq, sql } from "drizzle-orm";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { invoiceLine } from "../../../db/schema/billing";
import { conflict } from "../../../lib/app-error";
import { audit } from "../../audit";
import { invoiceOf } from "./load-invoice";
import { label, lockInvoice } from "./lock-invoice";
import type { TAddInvoiceLineRequest, TGetInvoiceResponse } from "../../../../shared/billing";
import type { ActorContext } from "../../../context/service-context";

/** Staff add a one-off line to a draft; a finalized invoice is never edited. */
export async function addInvoiceLine(
  ctx: ActorContext,
  input: { invoiceId: string; description: string; amountMinor: number } & Partial<TAddInvoiceLineRequest>,
): Promise<TGetInvoiceResponse> {
  const { invoiceId, ...line } = input;
  return ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const row = await lockInvoice(tx, invoiceId);
    if (row.status !== "draft") throw conflict(`This invoice is ${row.status}; only a draft takes new lines.`);
    const [{ next = 1 } = {}] = await tx
      .select({ next: sql<number>`coalesce(max(${invoiceLine.position}), 0)::int + 1` })
      .from(invoiceLine)
      .where(eq(invoiceLine.invoiceId, invoiceId));
    await tx.insert(invoiceLine).values({
      invoiceId,
      kind: "one_off",
      description: line.description,
      amountMinor: line.amountMinor,
      position: next,
    });
    await audit(ttx, {
      action: "invoice.line_added",
      companyId: row.companyId,
      objectType: "invoice",
      objectId: invoiceId,
      summary: `Added "${line.description}" (${formatInvoiceMoney(line.amountMinor, row.currency)}) to ${label(row)} of ${row.companyName}`,
      after: { description: line.description, amountMinor: line.amountMinor },
    });
    return { invoice: await invoiceOf(ttx, invoiceId) };
  });
}
