import { z } from "zod";
import {
  ZCreateAutomationResponse,
  ZIssueIngestKeyResponse,
  ZListIngestKeysResponse,
  ZRevokeIngestKeyResponse,
  ZUpdateAutomationResponse,
} from "../../../shared/automation-responses";
import { ZCreateAutomationRequest, ZUpdateAutomationRequest } from "../../../shared/automations";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { createAutomation, updateAutomation } from "./automation-admin.service";
import { getAutomation } from "./get-automation.service";
import { issueIngestKey, listIngestKeys, revokeIngestKey } from "./ingest-keys.service";
import type { Database } from "../../db/client";

const byId = z.object({ id: z.uuid() });
const staff = { access: "staff", tag: "Staff: automations" } as const;

const createAutomationEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/",
  operationId: "createAutomation",
  summary: "Register an automation for a client company",
  request: { body: ZCreateAutomationRequest },
  responses: { 201: json(ZCreateAutomationResponse, "The automation, as its client sees it.") },
});

const updateAutomationEndpoint = endpoint({
  ...staff,
  method: "patch",
  path: "/{id}",
  operationId: "updateAutomation",
  summary: "Change an automation's description, schedule or status",
  request: { params: byId, body: ZUpdateAutomationRequest },
  responses: { 200: json(ZUpdateAutomationResponse, "The automation after the change.") },
});

const listIngestKeysEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/{id}/keys",
  operationId: "listIngestKeys",
  summary: "An automation's ingest keys (never the keys themselves)",
  request: { params: byId },
  responses: { 200: json(ZListIngestKeysResponse, "The keys, newest first.") },
});

const issueIngestKeyEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/keys",
  operationId: "issueIngestKey",
  summary: "Issue a new ingest key; any earlier key of the automation stops working",
  request: { params: byId },
  responses: { 201: json(ZIssueIngestKeyResponse, "The key, shown this once.") },
});

const revokeIngestKeyEndpoint = endpoint({
  ...staff,
  method: "delete",
  path: "/{id}/keys/{keyId}",
  operationId: "revokeIngestKey",
  summary: "Revoke an ingest key",
  request: { params: z.object({ id: z.uuid(), keyId: z.uuid() }) },
  responses: { 200: json(ZRevokeIngestKeyResponse, "Revoked.") },
});

/** Staff register and edit automations and manage their ingest keys. */
export function staffAutomationsRoutes({ db }: { db: Database }) {
  const all = { all: true } as const;
  return createRouter()
    .openapi(createAutomationEndpoint, async (c) => {
      const created = await createAutomation(db, c.get("user").id, c.req.valid("json"));
      return c.json(await getAutomation(db, all, created.id), 201);
    })
    .openapi(updateAutomationEndpoint, async (c) => {
      const updated = await updateAutomation(db, c.get("user").id, c.req.valid("param").id, c.req.valid("json"));
      return c.json(await getAutomation(db, all, updated.id), 200);
    })
    .openapi(listIngestKeysEndpoint, async (c) =>
      c.json({ keys: await listIngestKeys(db, c.req.valid("param").id) }, 200),
    )
    .openapi(issueIngestKeyEndpoint, async (c) =>
      c.json(await issueIngestKey(db, c.get("user").id, c.req.valid("param").id), 201),
    )
    .openapi(revokeIngestKeyEndpoint, async (c) => {
      const { id, keyId } = c.req.valid("param");
      return c.json(await revokeIngestKey(db, id, keyId), 200);
    });
}
