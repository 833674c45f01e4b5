import { dashboardSchemas } from "../../../shared/dashboard";
import { dashboardOps } from "../../../shared/operations/dashboard";
import { errorResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf } from "../../http/service-context";
import { AppError } from "../../lib/app-error";
import { getDashboard } from "./dashboard.service";
import type { DashboardCache } from "./dashboard-cache";

const getDashboardEndpoint = operationEndpoint({
  operation: dashboardOps.getDashboard,
  schemas: dashboardSchemas.getDashboard,
  access: "member",
  tag: "Dashboard",
  summary: "The client home: hours and money saved, runs, the 30-day chart, what needs attention",
  description:
    "For a client company's members, and for staff while they view a company as its client. Staff outside " +
    "a view get 404: their home is the agency's (GET /api/admin/overview).",
  ok: "The caller's company's figures (or the viewed company's).",
  responses: { 404: errorResponse("Staff outside a view: they have no client dashboard.") },
});

export const dashboardEndpoints = ({ dashboards }: { dashboards: DashboardCache }) => [
  handle(getDashboardEndpoint, async (c) => {
    const [user, scope] = [c.get("user"), c.get("scope")];
    // A client's home is one company's (ADR 0023); staff outside a view have the agency dashboard instead.
    if (scope.all) {
      throw new AppError(
        "NOT_FOUND",
        "Staff have no client dashboard: the agency's is at /admin, or view a client as its client.",
      );
    }
    const compute = () => getDashboard(actorContextOf(c), { emailVerified: user.emailVerified });
    return c.json(await dashboards.get(scope, user, compute), 200);
  }),
];
