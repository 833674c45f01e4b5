import { clientDetailSchemas } from "../../../shared/client-detail";
import { clientDetailOps } from "../../../shared/operations/client-detail";
import { handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { getClientCompany } from "./get-client-company.service";
import { updateClientCompany } from "./update-client-company.service";

const staff = { access: "staff", tag: "Staff: companies" } as const;

const getClientCompanyEndpoint = operationEndpoint({
  ...staff,
  operation: clientDetailOps.getClientCompany,
  schemas: clientDetailSchemas.getClientCompany,
  summary: "One client company: its settings, members, pending invitations and counts",
  ok: "The company.",
});

const updateClientCompanyEndpoint = operationEndpoint({
  ...staff,
  operation: clientDetailOps.updateClientCompany,
  schemas: clientDetailSchemas.updateClientCompany,
  summary: "Rename a client company",
  description:
    "Recorded in the audit log with the name before and after; a request that changes nothing records nothing. " +
    "Its status is derived from its subscription, invoices and automations, never set here.",
  ok: "The company after the change.",
});

/**
 * Staff: one client company's detail and settings (under /api/staff/companies); its figures,
 * `GET …/{id}/dashboard`, are mounted by the dashboard module (client-dashboard.routes.ts).
 */
export function clientDetailEndpoints() {
  return [
    handle(getClientCompanyEndpoint, async (c) =>
      c.json(await getClientCompany(contextOf(c), c.req.valid("param").id), 200),
    ),
    handle(updateClientCompanyEndpoint, async (c) =>
      c.json(
        await updateClientCompany(actorContextOf(c), { companyId: c.req.valid("param").id, ...c.req.valid("json") }),
        200,
      ),
    ),
  ];
}
