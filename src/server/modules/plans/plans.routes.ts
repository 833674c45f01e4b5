import { ZListPlansResponse } from "../../../shared/plans-schemas";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { listActivePlans } from "./plans.service";
import type { Database } from "../../db/client";

const listPlans = endpoint({
  method: "get",
  path: "/",
  access: "public",
  tag: "Plans",
  operationId: "listPlans",
  summary: "The plans on sale",
  description: "The pricing page's single source of truth; billing reads the same table.",
  responses: { 200: json(ZListPlansResponse, "The active plans, in the order the pricing page shows them.") },
});

export const plansRoutes = (db: Database) =>
  createRouter().openapi(listPlans, async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ plans: await listActivePlans(db) }, 200);
  });
