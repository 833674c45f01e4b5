import { z } from "zod";

/** The agency dashboard's monthly recurring revenue (apart from billing-schemas.ts, which re-exports it). */
const money = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description}, in minor units of currency.` });

export const ZMrrFigures = z.object({
  currency: z.string(),
  mrrMinor: money("Monthly recurring revenue now"),
  subscriptions: z.number().int().min(0).meta({ description: "Active and past-due subscriptions counted." }),
  newMinor: money("This month's MRR from new subscriptions"),
  expansionMinor: money("This month's MRR from upgrades"),
  contractionMinor: money("This month's MRR lost to downgrades (negative)"),
  churnMinor: money("This month's MRR lost to cancellations (negative)"),
});
export const ZGetMrrResponse = z.object({
  month: z.string().meta({ description: "The month of the movements, 2026-11." }),
  figures: z.array(ZMrrFigures).meta({ description: "One entry per currency clients are billed in." }),
});
export type TGetMrrResponse = z.infer<typeof ZGetMrrResponse>;
