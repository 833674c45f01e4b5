import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { monthStart } from "../../../../shared/days";
import { mrrMovement, subscription } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { pricingPlan } from "../../../db/schema/pricing";
import { subscriptionMrrMinor } from "../../../db/subscription-mrr";
import type { TGetMrrResponse } from "../../../../shared/billing";
import type { MrrMovementKind } from "../../../../shared/billing-labels";
import type { ServiceContext } from "../../../context/service-context";
import type { Database } from "../../../db/client";

/** Writes one change of MRR in the caller's transaction; a zero change writes nothing. */
export async function recordMrrMovement(
  tx: Pick<Database, "insert">,
  movement: { companyId: string; kind: MrrMovementKind; deltaMinor: number; currency: string; at: Date },
) {
  if (movement.deltaMinor !== 0) await tx.insert(mrrMovement).values(movement);
}

/**
 * MRR now: active and past-due subscriptions at their plan's price, a yearly one as a twelfth;
 * trials, tax and one-off charges do not count. With this month's new, expansion, contraction and churn.
 */
export async function getMrr({ db, now }: ServiceContext): Promise<TGetMrrResponse> {
  const monthly = sql<number>`coalesce(sum(${subscriptionMrrMinor}), 0)::int`;
  const rows = await db
    .select({ currency: company.currency, mrrMinor: monthly, subscriptions: sql<number>`count(*)::int` })
    .from(subscription)
    .innerJoin(pricingPlan, eq(pricingPlan.id, subscription.planId))
    .innerJoin(company, eq(company.id, subscription.companyId))
    .where(inArray(subscription.status, ["active", "past_due"]))
    .groupBy(company.currency);
  const from = new Date(`${monthStart(now)}T00:00:00Z`);
  const moves = await db
    .select({
      currency: mrrMovement.currency,
      kind: mrrMovement.kind,
      sum: sql<number>`sum(${mrrMovement.deltaMinor})::int`,
    })
    .from(mrrMovement)
    .where(and(gte(mrrMovement.at, from), lt(mrrMovement.at, now)))
    .groupBy(mrrMovement.currency, mrrMovement.kind);
  const currencies = [...new Set([...rows.map((r) => r.currency), ...moves.map((m) => m.currency)])].sort();
  const of = (currency: string, kind: MrrMovementKind) =>
    moves.find((m) => m.currency === currency && m.kind === kind)?.sum ?? 0;
  return {
    month: monthStart(now).slice(0, 7),
    figures: currencies.map((currency) => {
      const row = rows.find((r) => r.currency === currency);
      return {
        currency,
        mrrMinor: row?.mrrMinor ?? 0,
        subscriptions: row?.subscriptions ?? 0,
        newMinor: of(currency, "new"),
        expansionMinor: of(currency, "expansion"),
        contractionMinor: of(currency, "contraction"),
        churnMinor: of(currency, "churn"),
      };
    }),
  };
}
