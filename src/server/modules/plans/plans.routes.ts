import { plansOps } from "../../../shared/operations/plans";
import { plansSchemas } from "../../../shared/plans-schemas";
import { handle, operationEndpoint } from "../../http/endpoint";
import { listActivePlans } from "./plans.service";
import type { Database } from "../../db/client";

const listPlans = operationEndpoint({
  access: "public",
  tag: "Plans",
  operation: plansOps.listPlans,
  schemas: plansSchemas.listPlans,
  summary: "The plans on sale",
  description: "The pricing page's single source of truth; billing reads the same table.",
  ok: "The active plans, in the order the pricing page shows them.",
});

export const plansEndpoints = ({ db }: { db: Database }) => [
  handle(listPlans, async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ plans: await listActivePlans(db) }, 200);
  }),
];
