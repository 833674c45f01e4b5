import { ZGetDashboardResponse } from "../../../shared/dashboard";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { getDashboard } from "./dashboard.service";
import type { DashboardCache } from "./dashboard-cache";
import type { Database } from "../../db/client";

const getDashboardEndpoint = endpoint({
  method: "get",
  path: "/",
  access: "member",
  tag: "Dashboard",
  operationId: "getDashboard",
  summary: "The client home: hours and money saved, runs, the 30-day chart, what needs attention",
  responses: { 200: json(ZGetDashboardResponse, "The caller's company's figures (staff: every company's).") },
});

export const dashboardRoutes = (db: Database, cache: DashboardCache) =>
  createRouter().openapi(getDashboardEndpoint, async (c) => {
    const [user, scope] = [c.get("user"), c.get("scope")];
    return c.json(await cache.get(scope, user, () => getDashboard(db, user, scope)), 200);
  });
