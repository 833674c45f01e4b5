import { and, eq, ne, sql } from "drizzle-orm";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { invoice, invoiceLine } from "../../../db/schema/billing";
import { AppError, conflict } from "../../../lib/app-error";
import { audit } from "../../audit";
import { billingRecipients, creditNoteMail } from "../billing-mails";
import { settingsOf } from "../billing-settings";
import { billingDetailsOf, payerOf } from "../details/billing-details.service";
import { taxOf } from "../subscriptions/periods";
import { takeCreditNoteNumber } from "./invoice-number";
import { invoiceOf } from "./load-invoice";
import { lockInvoice } from "./lock-invoice";
import type { TGetInvoiceResponse } from "../../../../shared/billing";
import type { ActorContext } from "../../../context/service-context";

/**
 * Staff credit part or all of an issued invoice: a credit note that names the invoice, with one
 * negative line at the invoice's tax rate, numbered from its own gapless sequence in the same
 * transaction (the year's counter row is locked until it commits), mailed to the owner with its PDF.
 * The credited amounts together never exceed the invoice's subtotal.
 */
export async function issueCreditNote(
  ctx: ActorContext,
  input: { invoiceId: string; amountMinor: number; reason: string },
): Promise<TGetInvoiceResponse> {
  const { invoiceId, amountMinor, reason } = input;
  const { now } = ctx;
  const settings = settingsOf(ctx);
  return ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const original = await lockInvoice(tx, invoiceId);
    if (original.kind !== "invoice") throw conflict("A credit note cannot be credited.");
    if (original.status !== "open" && original.status !== "paid")
      throw conflict(
        original.status === "draft"
          ? "A draft is changed, not credited: only an issued invoice takes a credit note."
          : "A void invoice is already cancelled: it takes no credit note.",
      );
    const [{ credited = 0 } = {}] = await tx
      .select({ credited: sql<number>`coalesce(-sum(${invoice.subtotalMinor}), 0)::int` })
      .from(invoice)
      .where(and(eq(invoice.correctsInvoiceId, invoiceId), ne(invoice.status, "draft")));
    const left = original.subtotalMinor - credited;
    if (amountMinor > left)
      throw new AppError(
        "VALIDATION",
        `At most ${formatInvoiceMoney(left, original.currency)} of this invoice is left to credit.`,
        {
          fields: { amountMinor: `At most ${formatInvoiceMoney(left, original.currency)}` },
        },
      );
    const number = await takeCreditNoteNumber(tx, now.getUTCFullYear());
    const subtotalMinor = -amountMinor;
    const taxMinor = taxOf(subtotalMinor, original.taxRateBp);
    const [note] = await tx
      .insert(invoice)
      .values({
        companyId: original.companyId,
        kind: "credit_note",
        correctsInvoiceId: invoiceId,
        number,
        status: "issued",
        currency: original.currency,
        subtotalMinor,
        taxRateBp: original.taxRateBp,
        taxMinor,
        totalMinor: subtotalMinor + taxMinor,
        issuedAt: now,
        payee: settings.payee,
        payer: payerOf(await billingDetailsOf(tx, original.companyId)) ?? original.payer,
        updatedAt: now,
      })
      .returning({ id: invoice.id });
    await tx.insert(invoiceLine).values({
      invoiceId: note!.id,
      kind: "credit",
      description: `Credit on invoice ${original.number}: ${reason}`,
      amountMinor: subtotalMinor,
    });
    await audit(ttx, {
      action: "invoice.credited",
      companyId: original.companyId,
      objectType: "invoice",
      objectId: invoiceId,
      summary: `Credited ${formatInvoiceMoney(amountMinor, original.currency)} of invoice ${original.number} of ${original.companyName} with credit note ${number}: ${reason}`,
      before: { credited },
      after: { credited: credited + amountMinor, creditNote: number },
    });
    const data = await invoiceOf(ttx, note!.id);
    for (const to of await billingRecipients(tx, original.companyId))
      await ttx.outbox.enqueue(to, creditNoteMail(data, settings.appUrl));
    return { invoice: data };
  });
}
