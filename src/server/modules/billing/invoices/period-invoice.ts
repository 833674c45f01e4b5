import { eq } from "drizzle-orm";
import { invoice, invoiceLine } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { pricingPlan } from "../../../db/schema/pricing";
import { priceOf } from "../subscriptions/periods";
import { finalizeInvoice } from "./finalize-invoice";
import type { Database } from "../../../db/client";
import type { subscription } from "../../../db/schema/billing";
import type { BillingSettings } from "../billing-settings";

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Creates and finalizes the invoice of the subscription's current period, once: the unique key
 * on (company, period start) makes a second attempt, from this instance or another, a no-op.
 * Returns the invoice's id, or null when the period already had one.
 */
export async function issuePeriodInvoice(
  tx: Database,
  sub: typeof subscription.$inferSelect,
  settings: BillingSettings,
  now = new Date(),
): Promise<string | null> {
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
      taxRateBp: settings.taxRateBp,
    })
    .onConflictDoNothing({ target: [invoice.companyId, invoice.periodStart] })
    .returning({ id: invoice.id });
  if (!created) return null;
  await tx.insert(invoiceLine).values({
    invoiceId: created.id,
    kind: "plan",
    description: `${row.plan.name} plan, ${sub.interval}, ${day(sub.currentPeriodStart)} – ${day(sub.currentPeriodEnd)}`,
    amountMinor: priceOf(row.plan, sub.interval),
    position: 0,
  });
  await finalizeInvoice(tx, created.id, settings, now);
  return created.id;
}
