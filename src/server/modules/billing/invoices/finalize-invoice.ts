import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { PAYMENT_TERM_DAYS } from "../../../../shared/billing-labels";
import { DAY_MS } from "../../../../shared/days";
import { invoice, invoiceLine, pendingCharge } from "../../../db/schema/billing";
import { AppError, conflict, notFound } from "../../../lib/app-error";
import { emitInvoiceEvent } from "../../channels";
import { billingRecipients, invoiceIssuedMail } from "../billing-mails";
import { settingsOf } from "../billing-settings";
import { billingDetailsOf, payerOf } from "../details/billing-details.service";
import { taxOf } from "../subscriptions/periods";
import { takeInvoiceNumber } from "./invoice-number";
import { invoiceOf, NO_SUCH_INVOICE } from "./load-invoice";
import type { TInvoice } from "../../../../shared/billing";
import type { ServiceContext } from "../../../context/service-context";
import type { MailContent } from "../../../mail/layout";

export interface FinalizeInput {
  invoiceId: string;
  /** False for an invoice a card provider already charged: its lines are what was charged. */
  takePendingCharges?: boolean;
  /** The mail to the owner; by default "your invoice, to pay by …". */
  mail?: (data: TInvoice, appUrl: string) => MailContent;
  /** False for an invoice a card provider already charged: it is booked whatever details are missing. */
  requirePayer?: boolean;
}

/** BILLING_REQUIRE_CLIENT_DETAILS on and the company without its legal details: the message that says so. */
export async function missingPayerMessage(ctx: ServiceContext, companyId: string): Promise<string | null> {
  if (!settingsOf(ctx).requireClientDetails) return null;
  if (await billingDetailsOf(ctx.db, companyId)) return null;
  return "The company's legal name and address are needed on its invoices: fill them in on its billing page first.";
}

/**
 * Finalizes a draft in the caller's transaction: the company's pending charges join it as
 * lines, the totals are fixed, it takes the next number of the year, and a mail with its PDF
 * goes to the owner through the outbox. After this the invoice is never edited, only paid or voided.
 * `ctx` is the caller's transaction.
 */
export async function finalizeInvoice(ctx: ServiceContext, input: FinalizeInput) {
  const { db: tx, now } = ctx;
  const settings = settingsOf(ctx);
  const { invoiceId, takePendingCharges = true, mail = invoiceIssuedMail, requirePayer = true } = input;
  const [draft] = await tx.select().from(invoice).where(eq(invoice.id, invoiceId)).for("update");
  if (!draft) throw notFound(NO_SUCH_INVOICE);
  if (draft.status !== "draft")
    throw conflict(`This invoice is already ${draft.status}; only a draft can be finalized.`);
  const missingPayer = requirePayer ? await missingPayerMessage(ctx, draft.companyId) : null;
  if (missingPayer) throw conflict(missingPayer, "billing-details-missing");

  const picked = takePendingCharges
    ? await tx
        .update(pendingCharge)
        .set({ invoiceId })
        .where(and(eq(pendingCharge.companyId, draft.companyId), isNull(pendingCharge.invoiceId)))
        .returning()
    : [];
  const [{ max = 0 } = {}] = await tx
    .select({ max: sql<number>`coalesce(max(${invoiceLine.position}), 0)::int` })
    .from(invoiceLine)
    .where(eq(invoiceLine.invoiceId, invoiceId));
  picked.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  if (picked.length > 0)
    await tx.insert(invoiceLine).values(
      picked.map((charge, i) => ({
        invoiceId,
        kind: charge.kind,
        description: charge.description,
        amountMinor: charge.amountMinor,
        position: max + 1 + i,
      })),
    );
  const lines = await tx
    .select({ amountMinor: invoiceLine.amountMinor })
    .from(invoiceLine)
    .where(eq(invoiceLine.invoiceId, invoiceId))
    .orderBy(asc(invoiceLine.position));
  if (lines.length === 0)
    throw new AppError("VALIDATION", "Add at least one line before finalizing the invoice.", {
      fields: { lines: "Add at least one line" },
    });
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const taxMinor = taxOf(subtotalMinor, draft.taxRateBp);
  const number = await takeInvoiceNumber(tx, now.getUTCFullYear());
  await tx
    .update(invoice)
    .set({
      number,
      status: "open",
      payee: settings.payee,
      payer: payerOf(await billingDetailsOf(tx, draft.companyId)),
      subtotalMinor,
      taxMinor,
      totalMinor: subtotalMinor + taxMinor,
      issuedAt: now,
      dueAt: new Date(now.getTime() + PAYMENT_TERM_DAYS * DAY_MS),
      updatedAt: now,
    })
    .where(eq(invoice.id, invoiceId));

  const data = await invoiceOf(ctx, invoiceId);
  await emitInvoiceEvent(ctx, {
    type: "invoice.issued",
    invoice: { ...draft, number, totalMinor: subtotalMinor + taxMinor, dueAt: new Date(data.dueAt!) },
  });
  // The PDF is rendered when the mail is delivered (INVOICE_PDF_SOURCE): the year's counter row
  // stays locked only for these few writes, not for a rendering.
  for (const to of await billingRecipients(tx, draft.companyId))
    await ctx.outbox.enqueue(to, mail(data, settings.appUrl));
  return data;
}
