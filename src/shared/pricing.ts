import { z } from "zod";

// Apart from the price helpers in price-format.ts, which the pricing page loads: that page needs no zod.
const minor = (what: string) =>
  z
    .number()
    .int()
    .min(0)
    .meta({
      description: `${what}, in integer minor units of currency (cents for EUR).`,
    });

export const ZPlan = z.object({
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  monthlyPriceMinor: minor("Price of a month on the monthly plan"),
  yearlyPriceMinor: minor("Price of a year on the yearly plan"),
  currency: z.string().meta({ description: "ISO 4217 code, such as EUR." }),
  includedAutomations: z.number().int().min(0),
  monthlyRunAllowance: z.number().int().min(0).meta({ description: "Runs a month included in the price." }),
  supportLevel: z.string(),
  features: z.array(z.string()),
  includedMinutes: z.number().int().min(0).meta({
    description: "Retainer hours (ADR 0033): minutes of changes, fixes and support included each month.",
  }),
  overageRateMinor: minor("What an hour beyond the included ones costs"),
  rolloverCapMinutes: z.number().int().min(0).meta({
    description: "The most unused included time that carries into the next month, in minutes; 0 when none does.",
  }),
  overageNeedsApproval: z
    .boolean()
    .meta({ description: "Whether extra hours are only billed once the client approves them." }),
});
export type PlanView = z.infer<typeof ZPlan>;

/** Public: the plans on sale, in the order the pricing page shows them. */
export const ZListPlansResponse = z.object({ plans: z.array(ZPlan) });

export const pricingSchemas = {
  listPlans: { response: ZListPlansResponse },
};
export type PricingSchemas = typeof pricingSchemas;
