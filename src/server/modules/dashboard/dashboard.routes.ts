import { ZGetDashboardResponse } from "../../../shared/dashboard";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { getDashboard } from "./dashboard.service";
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

export const dashboardRoutes = (db: Database) =>
  createRouter().openapi(getDashboardEndpoint, async (c) =>
    c.json(await getDashboard(db, c.get("user"), c.get("scope")), 200),
  );
