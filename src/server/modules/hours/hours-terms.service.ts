import { eq } from "drizzle-orm";
import { formatInvoiceMoney } from "../../../shared/billing-labels";
import { formatMinutes } from "../../../shared/hours-labels";
import { lockClientCompany } from "../../context/company-scope";
import { hoursOverride } from "../../db/schema/hours";
import { pricingPlan } from "../../db/schema/pricing";
import { notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { getClientHours } from "./get-hours.service";
import type { THoursTerms } from "../../../shared/hours";
import type { ActorContext } from "../../context/service-context";

const describe = (terms: THoursTerms, currency: string) =>
  `${formatMinutes(terms.includedMinutes)} a month, extra hours at ${formatInvoiceMoney(terms.overageRateMinor, currency)}` +
  `${terms.hoursRollover ? `, unused time rolls over up to ${formatMinutes(terms.rolloverCapMinutes)}` : ""}` +
  `${terms.overageNeedsApproval ? ", extra time needs the owner's approval" : ""}`;

/** Staff set a plan's retainer hours; every subscription on it follows from the current period. Audited. */
export async function setPlanHours(ctx: ActorContext, input: THoursTerms & { planSlug: string }) {
  return ctx.transaction(async (ttx) => {
    const { planSlug, ...terms } = input;
    const [plan] = await ttx.db.select().from(pricingPlan).where(eq(pricingPlan.slug, planSlug)).for("update");
    if (!plan) throw notFound("There is no such plan.");
    await ttx.db
      .update(pricingPlan)
      .set({ ...terms, updatedAt: ttx.now })
      .where(eq(pricingPlan.id, plan.id));
    await audit(ttx, {
      action: "pricing_plan.hours_changed",
      objectType: "pricing_plan",
      objectId: plan.id,
      summary: `${plan.name} plan hours: ${describe(terms, plan.currency)}`,
      before: {
        includedMinutes: plan.includedMinutes,
        overageRateMinor: plan.overageRateMinor,
        hoursRollover: plan.hoursRollover,
        rolloverCapMinutes: plan.rolloverCapMinutes,
        overageNeedsApproval: plan.overageNeedsApproval,
      },
      after: { ...terms },
    });
    return { planSlug, terms };
  });
}

/** Staff give one client its own hours terms (or, with null, put it back on its plan's). Audited. */
export async function setClientHoursTerms(
  ctx: ActorContext,
  input: { companyId: string; override: THoursTerms | null },
) {
  await ctx.transaction(async (ttx) => {
    const client = await lockClientCompany(ttx.db, input.companyId);
    const [before] = await ttx.db.select().from(hoursOverride).where(eq(hoursOverride.companyId, input.companyId));
    if (input.override)
      await ttx.db
        .insert(hoursOverride)
        .values({ companyId: input.companyId, ...input.override, updatedAt: ttx.now })
        .onConflictDoUpdate({ target: hoursOverride.companyId, set: { ...input.override, updatedAt: ttx.now } });
    else await ttx.db.delete(hoursOverride).where(eq(hoursOverride.companyId, input.companyId));
    const { companyId: _c, updatedAt: _u, ...beforeTerms } = before ?? { companyId: "", updatedAt: null };
    await audit(ttx, {
      action: "hours.terms_changed",
      companyId: input.companyId,
      objectType: "company",
      objectId: input.companyId,
      summary: input.override
        ? `${client.name}: own hours terms, ${describe(input.override, client.currency)}`
        : `${client.name}: hours follow the plan again`,
      before: before ? beforeTerms : { override: null },
      after: input.override ? { ...input.override } : { override: null },
    });
  });
  return getClientHours(ctx, { companyId: input.companyId });
}
