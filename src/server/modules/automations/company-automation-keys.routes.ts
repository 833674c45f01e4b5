import { z } from "zod";
import { ZErrorResponse } from "../../../shared/api-error";
import {
  ZIssueIngestKeyResponse,
  ZListIngestKeysResponse,
  ZRevokeIngestKeyResponse,
} from "../../../shared/automation-responses";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { issueIngestKey, listIngestKeys, revokeIngestKey } from "./ingest-keys.service";
import type { Database } from "../../db/client";

const staff = { access: "staff", tag: "Staff: automations" } as const;
const oneAutomation = z.object({ id: z.uuid(), automationId: z.uuid() });

const listKeysEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/{id}/automations/{automationId}/keys",
  operationId: "listIngestKeys",
  summary: "An automation's ingest keys (never the keys themselves)",
  request: { params: oneAutomation },
  responses: { 200: json(ZListIngestKeysResponse, "The keys, newest first.") },
});

const issueKeyEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/automations/{automationId}/keys",
  operationId: "issueIngestKey",
  summary: "Issue a new ingest key; any earlier key of the automation stops working at once",
  request: { params: oneAutomation },
  responses: {
    201: json(ZIssueIngestKeyResponse, "The key, shown this once."),
    409: json(ZErrorResponse, "The automation is retired: it gets no key."),
  },
});

const revokeKeyEndpoint = endpoint({
  ...staff,
  method: "delete",
  path: "/{id}/automations/{automationId}/keys/{keyId}",
  operationId: "revokeIngestKey",
  summary: "Revoke an ingest key: runs sent with it are refused from now on",
  request: { params: oneAutomation.extend({ keyId: z.uuid() }) },
  responses: { 200: json(ZRevokeIngestKeyResponse, "Revoked.") },
});

/** Staff issue, rotate and revoke the ingest keys of a company's automations (mounted under /api/staff/companies). */
export function companyAutomationKeysRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(listKeysEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json({ keys: await listIngestKeys(db, id, automationId) }, 200);
    })
    .openapi(issueKeyEndpoint, async (c) => {
      const { id, automationId } = c.req.valid("param");
      return c.json(await issueIngestKey(db, actorOf(c), id, automationId), 201);
    })
    .openapi(revokeKeyEndpoint, async (c) => {
      const { id, automationId, keyId } = c.req.valid("param");
      return c.json(await revokeIngestKey(db, actorOf(c), id, automationId, keyId), 200);
    });
}
