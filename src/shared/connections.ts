import { z } from "zod";
import { ZCreateAutomationRequest } from "./automations";
import { CONNECTION_HEALTHS, CONNECTION_PLATFORMS } from "./connections-labels";
import { cleanedText, LIMITS, atMost, textField } from "./fields";
export * from "./connections-labels";

/* ---------- A client's platform connections (staff, under /api/staff/companies/{id}/connections) ---------- */

const wireDateTime = () => z.iso.datetime();

const ZCompanyParam = z.object({ id: z.uuid() });
const ZConnectionParam = z.object({ id: z.uuid(), connectionId: z.uuid() });
const ZLinkParam = ZConnectionParam.extend({ linkId: z.uuid() });
const ZRunParam = z.object({ id: z.uuid(), automationId: z.uuid(), runId: z.uuid() });

const baseUrlField = cleanedText(LIMITS.url).pipe(
  z
    .string()
    .min(1, "Enter the instance's address")
    .max(LIMITS.url, atMost(LIMITS.url))
    .pipe(z.url({ protocol: /^https?$/, error: "Enter a full address, such as https://n8n.example.com" })),
);
const apiKeyField = z
  .string({ error: "Enter the API key" })
  .trim()
  .min(8, "The API key is too short")
  .max(2000, "The API key is too long")
  .refine((value) => !/\s/.test(value), "The API key must not contain spaces");

export const ZTestConnectionRequest = z
  .object({
    platform: z.enum(CONNECTION_PLATFORMS).default("n8n"),
    baseUrl: baseUrlField,
    apiKey: apiKeyField,
  })
  .strict();
export type TTestConnectionRequest = z.input<typeof ZTestConnectionRequest>;

export const ZCreateConnectionRequest = ZTestConnectionRequest.extend({ name: textField }).strict();
export type TCreateConnectionRequest = z.input<typeof ZCreateConnectionRequest>;

export const ZTestConnectionResponse = z.object({
  health: z.enum(CONNECTION_HEALTHS),
  message: z.string().meta({ description: "What the instance answered, in words." }),
  workflowCount: z.number().int().min(0).nullable(),
});
export type TTestConnectionResponse = z.infer<typeof ZTestConnectionResponse>;

export const ZConnection = z.object({
  id: z.uuid(),
  platform: z.enum(CONNECTION_PLATFORMS),
  name: z.string(),
  baseUrl: z.string(),
  apiKeyLast4: z.string().meta({ description: "The API key's last 4 characters; the key itself is never answered." }),
  health: z.enum(CONNECTION_HEALTHS),
  lastError: z.string().nullable(),
  lastSyncedAt: wireDateTime().nullable(),
  failingSince: wireDateTime().nullable(),
  linkedWorkflows: z.number().int().min(0),
  createdAt: wireDateTime(),
});
export type TConnection = z.infer<typeof ZConnection>;

export const ZListConnectionsResponse = z.object({ connections: z.array(ZConnection) });
export type TListConnectionsResponse = z.infer<typeof ZListConnectionsResponse>;

export const ZWorkflow = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  tags: z.array(z.string()),
  link: z
    .object({
      id: z.uuid(),
      automationId: z.uuid(),
      automationName: z.string(),
      lastSyncedAt: wireDateTime().nullable(),
    })
    .nullable(),
});
export type TWorkflow = z.infer<typeof ZWorkflow>;
export const ZListWorkflowsResponse = z.object({ workflows: z.array(ZWorkflow) });
export type TListWorkflowsResponse = z.infer<typeof ZListWorkflowsResponse>;

export const ZLinkWorkflowRequest = z.union([
  z.object({ workflowId: z.string().min(1).max(200), automationId: z.uuid() }).strict(),
  z.object({ workflowId: z.string().min(1).max(200), newAutomation: ZCreateAutomationRequest }).strict(),
]);
export type TLinkWorkflowRequest = z.input<typeof ZLinkWorkflowRequest>;

export const ZWorkflowLink = z.object({
  id: z.uuid(),
  connectionId: z.uuid(),
  automationId: z.uuid(),
  workflowId: z.string(),
  workflowName: z.string(),
  lastSyncedAt: wireDateTime().nullable(),
});
export type TWorkflowLink = z.infer<typeof ZWorkflowLink>;

export const ZSyncSummary = z.object({
  health: z.enum(CONNECTION_HEALTHS),
  message: z.string(),
  executionsRead: z.number().int().min(0),
  runsStored: z.number().int().min(0),
  runsFinished: z.number().int().min(0),
});
export type TSyncSummary = z.infer<typeof ZSyncSummary>;

const ZWindow = z.object({
  days: z.number().int().meta({ description: "1 (the last 24 hours) or 30." }),
  executions: z.number().int().min(0).meta({ description: "Finished and running executions in the platform." }),
  runs: z.number().int().min(0).meta({ description: "Runs of the automation in Cogwork (pushed or pulled)." }),
  missingInCogwork: z.number().int().min(0),
  missingInPlatform: z.number().int().min(0),
});
export const ZReconciliation = z.object({
  automationId: z.uuid(),
  automationName: z.string(),
  workflowName: z.string(),
  syncedNow: z.number().int().min(0).meta({ description: "Executions found missing and stored as runs now." }),
  windows: z.array(ZWindow),
  summary: z.string(),
});
export const ZReconcileResponse = z.object({ automations: z.array(ZReconciliation) });
export type TReconcileResponse = z.infer<typeof ZReconcileResponse>;

export const ZRetryRunResponse = z.object({
  retriedExecutionId: z.string(),
  newExecutionId: z.string(),
  message: z.string(),
});
export type TRetryRunResponse = z.infer<typeof ZRetryRunResponse>;

const createExample = { name: "Agency n8n", baseUrl: "https://n8n.example.com", apiKey: "n8n_api_…" };

export const connectionsSchemas = {
  listConnections: { params: ZCompanyParam, response: ZListConnectionsResponse },
  testConnection: {
    params: ZCompanyParam,
    body: ZTestConnectionRequest.meta({ example: { baseUrl: createExample.baseUrl, apiKey: createExample.apiKey } }),
    response: ZTestConnectionResponse,
  },
  createConnection: {
    params: ZCompanyParam,
    body: ZCreateConnectionRequest.meta({ example: createExample }),
    response: ZConnection,
  },
  deleteConnection: { params: ZConnectionParam, response: z.object({ deleted: z.literal(true) }) },
  listWorkflows: { params: ZConnectionParam, response: ZListWorkflowsResponse },
  linkWorkflow: {
    params: ZConnectionParam,
    body: ZLinkWorkflowRequest.meta({
      example: { workflowId: "12", automationId: "00000000-0000-4000-8000-000000000000" },
    }),
    response: ZWorkflowLink,
  },
  unlinkWorkflow: { params: ZLinkParam, response: z.object({ deleted: z.literal(true) }) },
  syncConnection: { params: ZConnectionParam, response: ZSyncSummary },
  reconcileConnection: { params: ZConnectionParam, response: ZReconcileResponse },
  retryRun: { params: ZRunParam, response: ZRetryRunResponse },
};
export type ConnectionsSchemas = typeof connectionsSchemas;
