import { staffAutomationsOps } from "../../../shared/operations/staff-automations";
import { staffAutomationsSchemas } from "../../../shared/staff-automations";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { issueIngestKey, listIngestKeys, revokeIngestKey } from "./ingest-keys.service";

const staff = { access: "staff", tag: "Staff: automations" } as const;

const listKeysEndpoint = operationEndpoint({
  ...staff,
  operation: staffAutomationsOps.listIngestKeys,
  schemas: staffAutomationsSchemas.listIngestKeys,
  summary: "An automation's ingest keys (never the keys themselves)",
  ok: "The keys, newest first.",
});

const issueKeyEndpoint = operationEndpoint({
  ...staff,
  operation: staffAutomationsOps.issueIngestKey,
  schemas: staffAutomationsSchemas.issueIngestKey,
  summary: "Issue a new ingest key; any earlier key of the automation stops working at once",
  ok: "The key, shown this once.",
  okStatus: 201,
  responses: conflictResponse("The automation is retired: it gets no key."),
});

const revokeKeyEndpoint = operationEndpoint({
  ...staff,
  operation: staffAutomationsOps.revokeIngestKey,
  schemas: staffAutomationsSchemas.revokeIngestKey,
  summary: "Revoke an ingest key: runs sent with it are refused from now on",
  ok: "Revoked.",
});

/** Staff issue, rotate and revoke the ingest keys of a company's automations. */
export const companyAutomationKeysEndpoints = () => [
  handle(listKeysEndpoint, async (c) => {
    const { id: companyId, automationId } = c.req.valid("param");
    return c.json({ keys: await listIngestKeys(contextOf(c), { companyId, automationId }) }, 200);
  }),
  handle(issueKeyEndpoint, async (c) => {
    const { id: companyId, automationId } = c.req.valid("param");
    return c.json(await issueIngestKey(actorContextOf(c), { companyId, automationId }), 201);
  }),
  handle(revokeKeyEndpoint, async (c) => {
    const { id: companyId, automationId, keyId } = c.req.valid("param");
    return c.json(await revokeIngestKey(actorContextOf(c), { companyId, automationId, keyId }), 200);
  }),
];
