import { eq } from "drizzle-orm";
import { invoice } from "../../../db/schema/billing";
import { conflict } from "../../../lib/app-error";
import { audit } from "../../audit";
import { invoiceOf } from "./load-invoice";
import { label, lockInvoice } from "./lock-invoice";
import { reactivateIfSettled } from "./mark-paid.service";
import type { TGetInvoiceResponse } from "../../../../shared/billing";
import type { ActorContext } from "../../../context/service-context";

/** Staff void an invoice with a reason. It keeps its number (the sequence stays gapless) and is never deleted. */
export async function voidInvoice(
  ctx: ActorContext,
  input: { invoiceId: string; reason: string },
): Promise<TGetInvoiceResponse> {
  const { invoiceId, reason } = input;
  const { now } = ctx;
  return ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const row = await lockInvoice(tx, invoiceId);
    if (row.kind === "credit_note")
      throw conflict("A credit note is never voided; to undo it, issue a new invoice for the amount.");
    if (row.status === "paid" || row.status === "void")
      throw conflict(`This invoice is already ${row.status}; it cannot be voided.`);
    await tx
      .update(invoice)
      .set({ status: "void", voidReason: reason, voidedAt: now, updatedAt: now })
      .where(eq(invoice.id, invoiceId));
    await reactivateIfSettled(ttx, row.companyId);
    await audit(ttx, {
      action: "invoice.voided",
      companyId: row.companyId,
      objectType: "invoice",
      objectId: invoiceId,
      summary: `Voided ${label(row)} of ${row.companyName}: ${reason}`,
      before: { status: row.status },
      after: { status: "void", reason },
    });
    return { invoice: await invoiceOf(ttx, invoiceId) };
  });
}
