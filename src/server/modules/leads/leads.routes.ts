import { leadsSchemas } from "../../../shared/leads";
import { leadsOps } from "../../../shared/operations/leads";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { convertLead } from "./convert-lead.service";
import { findLeadMatches } from "./find-lead-matches.service";
import { listLeads } from "./list-leads.service";
import { updateLead } from "./update-lead.service";

const staff = { access: "staff", tag: "Staff: leads" } as const;

const listLeadsEndpoint = operationEndpoint({
  ...staff,
  operation: leadsOps.listLeads,
  schemas: leadsSchemas.listLeads,
  summary: "Messages sent through the contact form, newest first",
  ok: "A page of leads.",
});

const updateLeadEndpoint = operationEndpoint({
  ...staff,
  operation: leadsOps.updateLead,
  schemas: leadsSchemas.updateLead,
  summary: "Change a lead's status or notes",
  description: "A converted lead keeps the status Won (409).",
  ok: "The lead after the change.",
  responses: conflictResponse("The lead became a client: its status stays Won."),
});

const convertLeadEndpoint = operationEndpoint({
  ...staff,
  operation: leadsOps.convertLead,
  schemas: leadsSchemas.convertLead,
  summary: "Make a lead a client: create the company and invite the lead's email address to it",
  description:
    "The company, the invitation, the lead marked Won and the audit entries are written together. " +
    "A lead converts once (409 after that).",
  ok: "The new client and its invitation.",
  okStatus: 201,
  responses: conflictResponse(
    "The lead was already converted to a client, or its address already has an account in another company (convert it to that one).",
  ),
});

const listLeadMatchesEndpoint = operationEndpoint({
  ...staff,
  operation: leadsOps.listLeadMatches,
  schemas: leadsSchemas.listLeadMatches,
  summary: "Existing companies a lead may belong to, before converting it",
  description:
    "The company of an account with the lead's address, companies with an invitation to it waiting, and companies with a member of the same (non-personal) email domain.",
  ok: "The matches, strongest first; empty when none.",
});

/** Staff work the contact leads (under /api/staff/leads). */
export const staffLeadsEndpoints = () => [
  handle(listLeadsEndpoint, async (c) => c.json(await listLeads(contextOf(c), c.req.valid("query")), 200)),
  handle(updateLeadEndpoint, async (c) =>
    c.json(await updateLead(actorContextOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") }), 200),
  ),
  handle(listLeadMatchesEndpoint, async (c) =>
    c.json(await findLeadMatches(contextOf(c), { id: c.req.valid("param").id }), 200),
  ),
  handle(convertLeadEndpoint, async (c) =>
    c.json(await convertLead(actorContextOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") }), 201),
  ),
];
