import { eq } from "drizzle-orm";
import { invoice, invoiceLine } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { pricingPlan } from "../../../db/schema/pricing";
import { settingsOf } from "../billing-settings";
import { priceOf } from "../subscriptions/periods";
import { finalizeInvoice, missingPayerMessage } from "./finalize-invoice";
import type { ServiceContext } from "../../../context/service-context";
import type { subscription } from "../../../db/schema/billing";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The plan line of a period's invoice: "Growth plan, monthly, 2026-11-26 – 2026-12-26". */
export const periodLineDescription = (planName: string, interval: string, start: Date, end: Date) =>
  `${planName} plan, ${interval}, ${day(start)} – ${day(end)}`;

/**
 * Creates and finalizes the invoice of the subscription's current period, once: the unique key
 * on (company, period start) makes a second attempt, from this instance or another, a no-op.
 * Returns the invoice's id, or null when the period already had one. `ctx` is the caller's transaction.
 */
export async function issuePeriodInvoice(
  ctx: ServiceContext,
  sub: typeof subscription.$inferSelect,
): Promise<string | null> {
  const tx = ctx.db;
  const [row] = await tx
    .select({ plan: pricingPlan, currency: company.currency })
    .from(pricingPlan)
    .innerJoin(company, eq(company.id, sub.companyId))
    .where(eq(pricingPlan.id, sub.planId));
  if (!row) throw new Error(`plan ${sub.planId} of subscription ${sub.id} is missing`);
  const [created] = await tx
    .insert(invoice)
    .values({
      companyId: sub.companyId,
      currency: row.currency,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      taxRateBp: settingsOf(ctx).taxRateBp,
    })
    .onConflictDoNothing({ target: [invoice.companyId, invoice.periodStart] })
    .returning({ id: invoice.id });
  if (!created) return null;
  await tx.insert(invoiceLine).values({
    invoiceId: created.id,
    kind: "plan",
    description: periodLineDescription(row.plan.name, sub.interval, sub.currentPeriodStart, sub.currentPeriodEnd),
    amountMinor: priceOf(row.plan, sub.interval),
    position: 0,
  });
  // Without the legal details the settings require, the period's invoice waits as a draft that
  // staff finalize once they are in: the renewal itself is not held up.
  if (!(await missingPayerMessage(ctx, sub.companyId))) await finalizeInvoice(ctx, { invoiceId: created.id });
  return created.id;
}
