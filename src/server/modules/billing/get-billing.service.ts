import { and, desc, eq, ne } from "drizzle-orm";
import { billingCustomer, invoice } from "../../db/schema/billing";
import { company } from "../../db/schema/companies";
import { notFound } from "../../lib/app-error";
import { settingsOf } from "./billing-settings";
import { billingDetailsOf } from "./details/billing-details.service";
import { invoiceSummaryColumns, toInvoiceSummary } from "./invoices/load-invoice";
import { upcomingInvoiceOf } from "./invoices/upcoming-invoice";
import { loadSubscription } from "./subscriptions/subscription-view";
import { planLimitsOf, usageOf } from "./usage/plan-limits";
import type { TGetBillingResponse } from "../../../shared/billing";
import type { ServiceContext } from "../../context/service-context";

/** A company's billing page: subscription, usage against the plan, finalized invoices (staff see drafts too). */
export async function getBilling(
  ctx: ServiceContext,
  input: { companyId: string; includeDrafts?: boolean },
): Promise<TGetBillingResponse> {
  const { db } = ctx;
  const { companyId } = input;
  const settings = settingsOf(ctx);
  const [client] = await db
    .select({ id: company.id, name: company.name, currency: company.currency })
    .from(company)
    .where(eq(company.id, companyId));
  if (!client) throw notFound("There is no such client company.");
  const sub = await loadSubscription(db, companyId);
  const limits = await planLimitsOf(ctx, companyId);
  const usage =
    sub && limits
      ? await usageOf(ctx, {
          companyId,
          period: { start: new Date(sub.currentPeriodStart), end: new Date(sub.currentPeriodEnd) },
          limits,
        })
      : [];
  const rows = await db
    .select(invoiceSummaryColumns)
    .from(invoice)
    .innerJoin(company, eq(company.id, invoice.companyId))
    .where(and(eq(invoice.companyId, companyId), input.includeDrafts ? undefined : ne(invoice.status, "draft")))
    .orderBy(desc(invoice.createdAt))
    .limit(200);
  const [customer] = await db
    .select({ id: billingCustomer.stripeCustomerId })
    .from(billingCustomer)
    .where(eq(billingCustomer.companyId, companyId));
  return {
    company: client,
    subscription: sub,
    usage,
    invoices: rows.map((row) => toInvoiceSummary(row, ctx.now)),
    provider: settings.stripe ? "stripe" : "manual",
    cardOnFile: Boolean(settings.stripe && customer),
    payTo: settings.payTo,
    billingDetails: await billingDetailsOf(db, companyId),
    billingDetailsRequired: settings.requireClientDetails,
    upcoming: await upcomingInvoiceOf(ctx, { companyId, currency: client.currency }),
  };
}
