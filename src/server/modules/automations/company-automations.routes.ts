import { staffAutomationsOps } from "../../../shared/operations/staff-automations";
import { staffAutomationsSchemas } from "../../../shared/staff-automations";
import { actorOf } from "../../http/actor";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { createAutomation, updateAutomation } from "./automation-admin.service";
import { pauseAutomation, resumeAutomation, retireAutomation } from "./automation-lifecycle.service";
import { listCompanyAutomations } from "./list-company-automations.service";
import type { Database } from "../../db/client";

const staff = { access: "staff", tag: "Staff: automations" } as const;
const retired = conflictResponse("The automation is retired (final), or not in a state that allows this.");

const listEndpoint = operationEndpoint({
  ...staff,
  operation: staffAutomationsOps.listCompanyAutomations,
  schemas: staffAutomationsSchemas.listCompanyAutomations,
  summary: "A client company's automations as staff manage them",
  description: "Every field, the health of live ones and each automation's working key (its prefix only).",
  ok: "By name; retired automations last.",
});

const createEndpoint = operationEndpoint({
  ...staff,
  operation: staffAutomationsOps.createAutomation,
  schemas: staffAutomationsSchemas.createAutomation,
  summary: "Register an automation for a client company",
  ok: "The automation.",
  okStatus: 201,
});

const updateEndpoint = operationEndpoint({
  ...staff,
  operation: staffAutomationsOps.updateAutomation,
  schemas: staffAutomationsSchemas.updateAutomation,
  summary: "Change an automation's description, schedule or status",
  description: "Only the fields sent change. Retiring is its own operation, and final.",
  ok: "The automation after the change.",
  responses: retired,
});

const pauseEndpoint = operationEndpoint({
  ...staff,
  operation: staffAutomationsOps.pauseAutomation,
  schemas: staffAutomationsSchemas.pauseAutomation,
  summary: "Pause a live automation: no run is expected until it is resumed",
  ok: "Paused.",
  responses: retired,
});

const resumeEndpoint = operationEndpoint({
  ...staff,
  operation: staffAutomationsOps.resumeAutomation,
  schemas: staffAutomationsSchemas.resumeAutomation,
  summary: "Switch a paused automation back on",
  ok: "Live again.",
  responses: retired,
});

const retireEndpoint = operationEndpoint({
  ...staff,
  operation: staffAutomationsOps.retireAutomation,
  schemas: staffAutomationsSchemas.retireAutomation,
  summary: "Retire an automation for good: its keys stop working and it can't be switched back on",
  description:
    "It no longer counts as live, never goes Failing or Stale and sends no alert; an open incident is closed.",
  ok: "Retired.",
  responses: retired,
});

/** Staff manage a client company's automations. */
export function companyAutomationsEndpoints({ db }: { db: Database }) {
  return [
    handle(listEndpoint, async (c) =>
      c.json({ automations: await listCompanyAutomations(db, c.req.valid("param").id) }, 200),
    ),
    handle(createEndpoint, async (c) =>
      c.json(await createAutomation(db, actorOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
    ),
    handle(updateEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json(await updateAutomation(db, actorOf(c), id, automationId, c.req.valid("json")), 200);
    }),
    handle(pauseEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json(await pauseAutomation(db, actorOf(c), id, automationId), 200);
    }),
    handle(resumeEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json(await resumeAutomation(db, actorOf(c), id, automationId), 200);
    }),
    handle(retireEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json(await retireAutomation(db, actorOf(c), id, automationId), 200);
    }),
  ];
}
