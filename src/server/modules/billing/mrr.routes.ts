import { ZGetMrrResponse } from "../../../shared/billing-schemas";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { getMrr } from "./subscriptions/mrr.service";
import type { Database } from "../../db/client";

const getMrrEndpoint = endpoint({
  access: "staff",
  tag: "Staff: billing",
  method: "get",
  path: "/",
  operationId: "getMrr",
  summary: "Monthly recurring revenue, with this month's new, expansion, contraction and churn",
  description:
    "Active and past-due subscriptions; a yearly plan counts as a twelfth; tax, one-off charges and trials excluded.",
  responses: { 200: json(ZGetMrrResponse, "MRR per currency.") },
});

/** Staff: MRR for the agency dashboard (mounted under /api/staff/billing/mrr). */
export const mrrRoutes = (db: Database) =>
  createRouter().openapi(getMrrEndpoint, async (c) => c.json(await getMrr(db), 200));
