import { pricingOps } from "../../../shared/operations/pricing";
import { pricingSchemas } from "../../../shared/pricing";
import { handle, operationEndpoint } from "../../http/endpoint";
import { contextOf } from "../../http/service-context";
import { listActivePlans } from "./pricing.service";

const listPlans = operationEndpoint({
  access: "public",
  tag: "Plans",
  operation: pricingOps.listPlans,
  schemas: pricingSchemas.listPlans,
  summary: "The plans on sale",
  description: "The pricing page's single source of truth; billing reads the same table.",
  ok: "The active plans, in the order the pricing page shows them.",
});

export const pricingEndpoints = () => [
  handle(listPlans, async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ plans: await listActivePlans(contextOf(c)) }, 200);
  }),
];
