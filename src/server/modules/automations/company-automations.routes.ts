import { z } from "zod";
import { ZErrorResponse } from "../../../shared/api-error";
import { ZCreateAutomationRequest, ZUpdateAutomationRequest } from "../../../shared/automations";
import {
  ZCreateAutomationResponse,
  ZListCompanyAutomationsResponse,
  ZPauseAutomationResponse,
  ZResumeAutomationResponse,
  ZRetireAutomationResponse,
  ZUpdateAutomationResponse,
} from "../../../shared/staff-automations";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { createAutomation, updateAutomation } from "./automation-admin.service";
import { pauseAutomation, resumeAutomation, retireAutomation } from "./automation-lifecycle.service";
import { listCompanyAutomations } from "./list-company-automations.service";
import type { Database } from "../../db/client";

const staff = { access: "staff", tag: "Staff: automations" } as const;
const ofCompany = z.object({ id: z.uuid() });
const oneAutomation = z.object({ id: z.uuid(), automationId: z.uuid() });
const retired = { 409: json(ZErrorResponse, "The automation is retired (final), or not in a state that allows this.") };
const example = {
  name: "Invoice sync",
  purpose: "Copies paid invoices from the shop into the accounting system.",
  platform: "n8n",
  triggerDescription: "Every hour, and when an invoice is paid",
  expectedEveryMinutes: 60,
  minutesSavedPerRun: 6,
  status: "live",
  failureThreshold: 3,
};

const listEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/{id}/automations",
  operationId: "listCompanyAutomations",
  summary: "A client company's automations as staff manage them",
  description: "Every field, the health of live ones and each automation's working key (its prefix only).",
  request: { params: ofCompany },
  responses: { 200: json(ZListCompanyAutomationsResponse, "By name; retired automations last.") },
});

const createEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/automations",
  operationId: "createAutomation",
  summary: "Register an automation for a client company",
  request: { params: ofCompany, body: ZCreateAutomationRequest.meta({ example }) },
  responses: { 201: json(ZCreateAutomationResponse, "The automation.") },
});

const updateEndpoint = endpoint({
  ...staff,
  method: "patch",
  path: "/{id}/automations/{automationId}",
  operationId: "updateAutomation",
  summary: "Change an automation's description, schedule or status",
  description: "Only the fields sent change. Retiring is its own operation, and final.",
  request: { params: oneAutomation, body: ZUpdateAutomationRequest.meta({ example: { minutesSavedPerRun: 8 } }) },
  responses: { 200: json(ZUpdateAutomationResponse, "The automation after the change."), ...retired },
});

const pauseEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/automations/{automationId}/pause",
  operationId: "pauseAutomation",
  summary: "Pause a live automation: no run is expected until it is resumed",
  request: { params: oneAutomation },
  responses: { 200: json(ZPauseAutomationResponse, "Paused."), ...retired },
});

const resumeEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/automations/{automationId}/resume",
  operationId: "resumeAutomation",
  summary: "Switch a paused automation back on",
  request: { params: oneAutomation },
  responses: { 200: json(ZResumeAutomationResponse, "Live again."), ...retired },
});

const retireEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/automations/{automationId}/retire",
  operationId: "retireAutomation",
  summary: "Retire an automation for good: its keys stop working and it can't be switched back on",
  description:
    "It no longer counts as live, never goes Failing or Stale and sends no alert; an open incident is closed.",
  request: { params: oneAutomation },
  responses: { 200: json(ZRetireAutomationResponse, "Retired."), ...retired },
});

/** Staff manage a client company's automations (mounted under /api/staff/companies). */
export function companyAutomationsRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(listEndpoint, async (c) =>
      c.json({ automations: await listCompanyAutomations(db, c.req.valid("param").id) }, 200),
    )
    .openapi(createEndpoint, async (c) =>
      c.json(await createAutomation(db, actorOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
    )
    .openapi(updateEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json(await updateAutomation(db, actorOf(c), id, automationId, c.req.valid("json")), 200);
    })
    .openapi(pauseEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json(await pauseAutomation(db, actorOf(c), id, automationId), 200);
    })
    .openapi(resumeEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json(await resumeAutomation(db, actorOf(c), id, automationId), 200);
    })
    .openapi(retireEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json(await retireAutomation(db, actorOf(c), id, automationId), 200);
    });
}
