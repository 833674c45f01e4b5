import { clientDetailSchemas } from "../../../shared/client-detail";
import { clientDetailOps } from "../../../shared/operations/client-detail";
import { actorOf } from "../../http/actor";
import { handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf } from "../../http/service-context";
import { getClientDashboard } from "../dashboard";
import { getClientCompany } from "./get-client-company.service";
import { updateClientCompany } from "./update-client-company.service";
import type { Database } from "../../db/client";

const staff = { access: "staff", tag: "Staff: companies" } as const;

const getClientCompanyEndpoint = operationEndpoint({
  ...staff,
  operation: clientDetailOps.getClientCompany,
  schemas: clientDetailSchemas.getClientCompany,
  summary: "One client company: its settings, members, pending invitations and counts",
  ok: "The company.",
});

const getClientDashboardEndpoint = operationEndpoint({
  ...staff,
  operation: clientDetailOps.getClientDashboard,
  schemas: clientDetailSchemas.getClientDashboard,
  summary: "A client company's figures, exactly as its people see them on their dashboard",
  description: "The same answer as `GET /api/dashboard` gives the company's members (`role` is null for staff).",
  ok: "The company's figures.",
});

const updateClientCompanyEndpoint = operationEndpoint({
  ...staff,
  operation: clientDetailOps.updateClientCompany,
  schemas: clientDetailSchemas.updateClientCompany,
  summary: "Rename a client company or change its status",
  description:
    "Recorded in the audit log with the values before and after; a request that changes nothing records nothing.",
  ok: "The company after the change.",
});

/** Staff: one client company's detail, figures and settings (under /api/staff/companies). */
export function clientDetailEndpoints({ db }: { db: Database }) {
  return [
    handle(getClientCompanyEndpoint, async (c) => c.json(await getClientCompany(db, c.req.valid("param").id), 200)),
    handle(getClientDashboardEndpoint, async (c) =>
      c.json(await getClientDashboard(actorContextOf(c), { companyId: c.req.valid("param").id }), 200),
    ),
    handle(updateClientCompanyEndpoint, async (c) =>
      c.json(await updateClientCompany(db, actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    ),
  ];
}
