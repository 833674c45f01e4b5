import { clientDetailSchemas } from "../../../shared/client-detail";
import { clientDetailOps } from "../../../shared/operations/client-detail";
import { handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf } from "../../http/service-context";
import { getClientDashboard } from "./client-dashboard.service";

const getClientDashboardEndpoint = operationEndpoint({
  access: "staff",
  tag: "Staff: companies",
  operation: clientDetailOps.getClientDashboard,
  schemas: clientDetailSchemas.getClientDashboard,
  summary: "A client company's figures, exactly as its people see them on their dashboard",
  description: "The same answer as `GET /api/dashboard` gives the company's members (`role` is null for staff).",
  ok: "The company's figures.",
});

/**
 * Staff: one client company's dashboard (under /api/staff/companies, beside its detail in the
 * companies module). Mounted from here, so that the companies module does not depend on this one.
 */
export const clientDashboardEndpoints = () => [
  handle(getClientDashboardEndpoint, async (c) =>
    c.json(await getClientDashboard(actorContextOf(c), { companyId: c.req.valid("param").id }), 200),
  ),
];
