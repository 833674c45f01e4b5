import { ZGetAdminOverviewResponse } from "../../../shared/admin";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { getAdminOverview } from "./admin.service";
import type { Database } from "../../db/client";

const getAdminOverviewEndpoint = endpoint({
  method: "get",
  path: "/overview",
  access: "staff",
  tag: "Staff: agency",
  operationId: "getAdminOverview",
  summary: "The agency's counts at a glance",
  responses: { 200: json(ZGetAdminOverviewResponse, "The counts.") },
});

export const adminRoutes = (db: Database) =>
  createRouter().openapi(getAdminOverviewEndpoint, async (c) => c.json(await getAdminOverview(db), 200));
