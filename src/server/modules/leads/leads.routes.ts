import { z } from "zod";
import {
  ZConvertLeadRequest,
  ZConvertLeadResponse,
  ZListLeadsQuery,
  ZListLeadsResponse,
  ZUpdateLeadRequest,
  ZUpdateLeadResponse,
} from "../../../shared/leads";
import { actorOf, namedActorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { convertLead } from "./convert-lead.service";
import { listLeads } from "./list-leads.service";
import { updateLead } from "./update-lead.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const staff = { access: "staff", tag: "Staff: leads" } as const;
const byId = z.object({ id: z.uuid() });

const listLeadsEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/",
  operationId: "listLeads",
  summary: "Messages sent through the contact form, newest first",
  request: { query: ZListLeadsQuery },
  responses: { 200: json(ZListLeadsResponse, "A page of leads.") },
});

const updateLeadEndpoint = endpoint({
  ...staff,
  method: "patch",
  path: "/{id}",
  operationId: "updateLead",
  summary: "Change a lead's status or notes",
  description: "A converted lead keeps the status Won (409).",
  request: {
    params: byId,
    body: ZUpdateLeadRequest.meta({ example: { status: "contacted", notes: "Called on Monday; wants a quote." } }),
  },
  responses: { 200: json(ZUpdateLeadResponse, "The lead after the change.") },
});

const convertLeadEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/convert",
  operationId: "convertLead",
  summary: "Make a lead a client: create the company and invite the lead's email address to it",
  description:
    "The company, the invitation, the lead marked Won and the audit entries are written together. " +
    "A lead converts once (409 after that).",
  request: {
    params: byId,
    body: ZConvertLeadRequest.meta({ example: { companyName: "Example GmbH", status: "trial" } }),
  },
  responses: { 201: json(ZConvertLeadResponse, "The new client and its invitation.") },
});

/** Staff work the contact leads (mounted at /api/staff/leads). */
export const staffLeadsRoutes = ({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) =>
  createRouter()
    .openapi(listLeadsEndpoint, async (c) => c.json(await listLeads(db, c.req.valid("query")), 200))
    .openapi(updateLeadEndpoint, async (c) =>
      c.json(await updateLead(db, actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(convertLeadEndpoint, async (c) => {
      const actor = namedActorOf(c);
      const converted = await convertLead(db, actor, c.req.valid("param").id, c.req.valid("json"), {
        appUrl: config.APP_URL,
      });
      mailer.nudge();
      return c.json(converted, 201);
    });
