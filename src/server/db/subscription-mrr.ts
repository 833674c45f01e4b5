import { sql } from "drizzle-orm";
import { subscription } from "./schema/billing";
import { pricingPlan } from "./schema/pricing";

/**
 * One subscription's monthly recurring revenue, in SQL over `subscription` joined with its
 * `plan`: its plan's price when active or past due (a yearly price as a twelfth); trials and
 * canceled ones count 0. Null when there is no subscription (a left join found none). It lives
 * beside the schema so that billing's MRR and the staff clients table read the same figure
 * without one module importing the other.
 */
export const subscriptionMrrMinor = sql<number>`case
  when ${subscription.status} in ('active', 'past_due') then
    case when ${subscription.interval} = 'yearly' then round(${pricingPlan.yearlyPriceMinor} / 12.0)::int
    else ${pricingPlan.monthlyPriceMinor} end
  when ${subscription.status} is not null then 0
end`;
