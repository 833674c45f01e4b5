import { and, eq, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
import { startOfDay } from "../../../../shared/days";
import { invoice, invoiceLine, subscription } from "../../../db/schema/billing";
import { pricingPlan } from "../../../db/schema/pricing";
import { monthlyValue, priceOf } from "./periods";
import type { BillingInterval } from "../../../../shared/billing-labels";
import type { ServiceContext } from "../../../context/service-context";

/**
 * What a company pays the agency for the month that starts on `monthStart` (a day in its time
 * zone), before tax, as the dashboard sets it beside the value of the hours saved: the plan's
 * monthly value (a yearly price as a twelfth; nothing during a trial or once canceled), plus the
 * other lines (setup fees, prorations, one-offs, credits) of the invoices and credit notes issued
 * since the month began. Null when the company has no plan and was invoiced nothing this month.
 */
export async function monthlyCost(
  ctx: Pick<ServiceContext, "db">,
  input: { companyId: string; monthStart: string; timeZone: string },
): Promise<{ planMinor: number; chargesMinor: number; totalMinor: number } | null> {
  const { db } = ctx;
  const [sub] = await db
    .select({ status: subscription.status, interval: subscription.interval, plan: pricingPlan })
    .from(subscription)
    .innerJoin(pricingPlan, eq(pricingPlan.id, subscription.planId))
    .where(eq(subscription.companyId, input.companyId));
  const [charges] = await db
    .select({ sum: sql<number | null>`sum(${invoiceLine.amountMinor})::int`, lines: sql<number>`count(*)::int` })
    .from(invoiceLine)
    .innerJoin(invoice, eq(invoice.id, invoiceLine.invoiceId))
    .where(
      and(
        eq(invoice.companyId, input.companyId),
        inArray(invoice.status, ["open", "paid", "issued"]),
        gte(invoice.issuedAt, startOfDay(input.monthStart, input.timeZone)),
        ne(invoiceLine.kind, "plan"),
      ),
    );
  return costOf(sub ? { status: sub.status, interval: sub.interval, ...sub.plan } : null, charges ?? null);
}

interface CostFacts {
  status: string;
  interval: BillingInterval;
  monthlyPriceMinor: number;
  yearlyPriceMinor: number;
}

/** The month's cost from the subscription with its plan's prices, and the other lines' sum and count. */
function costOf(sub: CostFacts | null, charges: { sum: number | null; lines: number } | null) {
  const paying = sub && (sub.status === "active" || sub.status === "past_due");
  const planMinor = paying ? monthlyValue(priceOf(sub, sub.interval), sub.interval) : 0;
  const chargesMinor = charges?.sum ?? 0;
  if (!sub && !charges?.lines) return null;
  return { planMinor, chargesMinor, totalMinor: planMinor + chargesMinor };
}

/**
 * `monthlyCost`'s reads as one JSON value, for a statement that reads a whole screen at once (the
 * dashboard, ADR 0035): `companyId` and `since` (the instant the month began) are SQL of that
 * statement. `monthlyCostFrom` turns the value into `monthlyCost`'s answer.
 */
export function monthlyCostJson(companyId: SQL, since: SQL): SQL {
  return sql`json_build_object(
    'sub', (select json_build_object('status', ${subscription.status}, 'interval', ${subscription.interval},
        'monthlyPriceMinor', ${pricingPlan.monthlyPriceMinor}, 'yearlyPriceMinor', ${pricingPlan.yearlyPriceMinor})
      from ${subscription} join ${pricingPlan} on ${pricingPlan.id} = ${subscription.planId}
      where ${subscription.companyId} = ${companyId}),
    'charges', (select json_build_object('sum', sum(${invoiceLine.amountMinor})::int, 'lines', count(*)::int)
      from ${invoiceLine} join ${invoice} on ${invoice.id} = ${invoiceLine.invoiceId}
      where ${invoice.companyId} = ${companyId} and ${invoice.status} in ('open', 'paid', 'issued')
        and ${invoice.issuedAt} >= ${since} and ${invoiceLine.kind} <> 'plan'))`;
}

export function monthlyCostFrom(value: unknown) {
  const { sub, charges } = value as { sub: CostFacts | null; charges: { sum: number | null; lines: number } };
  return costOf(sub, charges);
}
