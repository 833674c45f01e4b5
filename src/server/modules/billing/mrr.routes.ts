import { billingSchemas } from "../../../shared/billing";
import { billingOps } from "../../../shared/operations/billing";
import { handle, operationEndpoint } from "../../http/endpoint";
import { contextOf } from "../../http/service-context";
import { getMrr } from "./subscriptions/mrr.service";

const getMrrEndpoint = operationEndpoint({
  access: "staff",
  tag: "Staff: billing",
  operation: billingOps.getMrr,
  schemas: billingSchemas.getMrr,
  summary: "Monthly recurring revenue, with this month's new, expansion, contraction and churn",
  description:
    "Active and past-due subscriptions; a yearly plan counts as a twelfth; tax, one-off charges and trials excluded.",
  ok: "MRR per currency.",
});

/** Staff: MRR for the agency dashboard. */
export const mrrEndpoints = () => [handle(getMrrEndpoint, async (c) => c.json(await getMrr(contextOf(c)), 200))];
