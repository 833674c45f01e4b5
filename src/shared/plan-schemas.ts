import { z } from "zod";

/** A plan as GET /api/plans answers it. Prices are integer minor units of `currency`. */
export const ZPlan = z
  .object({
    slug: z.string(),
    name: z.string(),
    summary: z.string(),
    monthlyPriceMinor: z.number().int().meta({ description: "Price per month, in minor units of currency." }),
    yearlyPriceMinor: z.number().int().meta({ description: "Price per year, in minor units of currency." }),
    currency: z.string().meta({ description: "ISO 4217, e.g. EUR." }),
    includedAutomations: z.number().int(),
    monthlyRunAllowance: z.number().int(),
    supportLevel: z.string(),
    features: z.array(z.string()),
  })
  .meta({ id: "Plan" });
export type PlanView = z.infer<typeof ZPlan>;

export const ZListPlansResponse = z.object({ plans: z.array(ZPlan) });
export type TListPlansResponse = z.infer<typeof ZListPlansResponse>;
