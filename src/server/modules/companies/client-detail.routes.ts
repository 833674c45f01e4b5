import { z } from "zod";
import {
  ZGetClientCompanyResponse,
  ZUpdateClientCompanyRequest,
  ZUpdateClientCompanyResponse,
} from "../../../shared/client-detail";
import { ZGetDashboardResponse } from "../../../shared/dashboard";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { getClientDashboard } from "../dashboard/client-dashboard.service";
import { getClientCompany } from "./get-client-company.service";
import { updateClientCompany } from "./update-client-company.service";
import type { Database } from "../../db/client";

const staff = { access: "staff", tag: "Staff: companies" } as const;
const byId = z.object({ id: z.uuid() });

const getClientCompanyEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/{id}",
  operationId: "getClientCompany",
  summary: "One client company: its settings, members, pending invitations and counts",
  request: { params: byId },
  responses: { 200: json(ZGetClientCompanyResponse, "The company.") },
});

const getClientDashboardEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/{id}/dashboard",
  operationId: "getClientDashboard",
  summary: "A client company's figures, exactly as its people see them on their dashboard",
  description: "The same answer as `GET /api/dashboard` gives the company's members (`role` is null for staff).",
  request: { params: byId },
  responses: { 200: json(ZGetDashboardResponse, "The company's figures.") },
});

const updateClientCompanyEndpoint = endpoint({
  ...staff,
  method: "patch",
  path: "/{id}",
  operationId: "updateClientCompany",
  summary: "Rename a client company or change its status",
  description:
    "Recorded in the audit log with the values before and after; a request that changes nothing records nothing.",
  request: {
    params: byId,
    body: ZUpdateClientCompanyRequest.meta({ example: { status: "paused" } }),
  },
  responses: { 200: json(ZUpdateClientCompanyResponse, "The company after the change.") },
});

/** Staff: one client company's detail, figures and settings (mounted under /api/staff/companies). */
export function clientDetailRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(getClientCompanyEndpoint, async (c) => c.json(await getClientCompany(db, c.req.valid("param").id), 200))
    .openapi(getClientDashboardEndpoint, async (c) =>
      c.json(await getClientDashboard(db, c.get("user"), c.req.valid("param").id), 200),
    )
    .openapi(updateClientCompanyEndpoint, async (c) =>
      c.json(await updateClientCompany(db, actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    );
}
