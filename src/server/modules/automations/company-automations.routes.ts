import { staffAutomationsOps } from "../../../shared/operations/staff-automations";
import { staffAutomationsSchemas } from "../../../shared/staff-automations";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { createAutomation, updateAutomation } from "./automation-admin.service";
import { pauseAutomation, resumeAutomation, retireAutomation } from "./automation-lifecycle.service";
import { listCompanyAutomations } from "./list-company-automations.service";

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
export const companyAutomationsEndpoints = () => [
  handle(listEndpoint, async (c) =>
    c.json({ automations: await listCompanyAutomations(contextOf(c), { companyId: c.req.valid("param").id }) }, 200),
  ),
  handle(createEndpoint, async (c) =>
    c.json(
      await createAutomation(actorContextOf(c), { ...c.req.valid("json"), companyId: c.req.valid("param").id }),
      201,
    ),
  ),
  handle(updateEndpoint, async (c) => {
    const { id: companyId, automationId: id } = c.req.valid("param");
    return c.json(await updateAutomation(actorContextOf(c), { ...c.req.valid("json"), companyId, id }), 200);
  }),
  handle(pauseEndpoint, async (c) => {
    const { id: companyId, automationId: id } = c.req.valid("param");
    return c.json(await pauseAutomation(actorContextOf(c), { companyId, id }), 200);
  }),
  handle(resumeEndpoint, async (c) => {
    const { id: companyId, automationId: id } = c.req.valid("param");
    return c.json(await resumeAutomation(actorContextOf(c), { companyId, id }), 200);
  }),
  handle(retireEndpoint, async (c) => {
    const { id: companyId, automationId: id } = c.req.valid("param");
    return c.json(await retireAutomation(actorContextOf(c), { companyId, id }), 200);
  }),
];
