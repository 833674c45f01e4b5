import { outboundRequest, type OutboundPolicy } from "../../lib/outbound-http";
import { ConnectorError, type ExecutionPage, type PlatformConnector, type PlatformExecution } from "./connector";
import { clientSafeErrorLine, executionNumber, readCursor, runStatusOf, utcInstant, writeCursor } from "./n8n-mapping";

export interface N8nOptions {
  baseUrl: string;
  apiKey: string;
  policy: OutboundPolicy;
  timeoutMs?: number;
}

const PAGE = 250;
/** At most this many pages are read per workflow and pass (50 000 executions); the cursor resumes the rest. */
const MAX_PAGES = 200;
/** A list page (no execution data) is far below this; one execution with its data may be larger and is then read without it. */
const MAX_LIST_BYTES = 4 * 1024 * 1024;
const MAX_EXECUTION_BYTES = 8 * 1024 * 1024;
/** Error lines are read for at most this many failed executions per pass; the others say only that it failed. */
const MAX_ERROR_READS = 100;

type Json = Record<string, unknown>;
interface ListAnswer {
  data: Json[];
  nextCursor: string | null;
}

/** The calls every operation is made of: one request, and a list read page by page. */
function n8nApi(options: N8nOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const call = (method: "GET" | "POST", path: string, maxBytes = MAX_LIST_BYTES) =>
    callN8n(options, method, `${base}/api/v1${path}`, maxBytes);
  const listPages = async function* (path: string, query: Record<string, string>) {
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const params = new URLSearchParams({ ...query, limit: String(PAGE), ...(cursor ? { cursor } : {}) });
      const answer = (await call("GET", `${path}?${params}`)) as ListAnswer;
      if (!Array.isArray(answer?.data)) throw new ConnectorError("unreachable", "n8n answered in an unexpected form");
      yield answer.data;
      cursor = typeof answer.nextCursor === "string" && answer.nextCursor ? answer.nextCursor : null;
      if (!cursor) return;
    }
  };
  return { base, call, listPages };
}
type N8nApi = ReturnType<typeof n8nApi>;

/** The failing node and its message, as the line a client reads (n8n's execution data, read once). */
async function errorLineOf(api: N8nApi, id: string): Promise<string> {
  const detail = await api
    .call("GET", `/executions/${encodeURIComponent(id)}?includeData=true`, MAX_EXECUTION_BYTES)
    .catch(() => null);
  const result = ((detail as Json | null)?.data as Json | undefined)?.resultData as Json | undefined;
  const error = result?.error as Json | undefined;
  const node = (error?.node as Json | undefined)?.name ?? result?.lastNodeExecuted;
  const message = typeof error?.message === "string" ? error.message : null;
  return clientSafeErrorLine(typeof node === "string" ? node : null, message);
}

/** One execution of n8n's list as a platform execution (null when it lacks an id or a start). */
function toExecution(base: string, raw: Json): PlatformExecution | null {
  const id = raw.id === undefined || raw.id === null ? null : String(raw.id);
  const startedAt = utcInstant(raw.startedAt) ?? utcInstant(raw.createdAt);
  if (!id || !startedAt) return null;
  const status = runStatusOf(typeof raw.status === "string" ? raw.status : raw.finished ? "success" : "running");
  const stoppedAt = status === "running" ? null : (utcInstant(raw.stoppedAt) ?? startedAt);
  const workflowId = String(raw.workflowId ?? "");
  return {
    id,
    workflowId,
    status,
    startedAt,
    finishedAt: stoppedAt && stoppedAt < startedAt ? startedAt : stoppedAt,
    errorMessage: null,
    retryOf: raw.retryOf === undefined || raw.retryOf === null ? null : String(raw.retryOf),
    url: `${base}/workflow/${workflowId}/executions/${id}`,
  };
}

async function withErrorLines(api: N8nApi, executions: PlatformExecution[]) {
  let reads = 0;
  for (const execution of executions)
    if (execution.status === "failed")
      execution.errorMessage =
        reads++ < MAX_ERROR_READS ? await errorLineOf(api, execution.id) : clientSafeErrorLine(null, null);
  return executions;
}

async function listWorkflows(api: N8nApi) {
  const workflows = [];
  for await (const page of api.listPages("/workflows", {}))
    for (const raw of page)
      workflows.push({
        id: String(raw.id),
        name: typeof raw.name === "string" ? raw.name : `Workflow ${String(raw.id)}`,
        active: raw.active === true,
        tags: Array.isArray(raw.tags) ? raw.tags.map((tag: Json) => String(tag?.name ?? "")).filter(Boolean) : [],
      });
  return workflows;
}

/** Executions newer than the cursor (newest first, so the scan stops at the first known one), and those still open then. */
async function executionsSince(
  api: N8nApi,
  workflowId: string,
  cursor: string | null,
  since: Date,
): Promise<ExecutionPage> {
  const known = readCursor(cursor) ?? { after: 0, open: [] };
  const found = new Map<string, PlatformExecution>();
  scan: for await (const page of api.listPages("/executions", { workflowId })) {
    for (const raw of page) {
      const execution = toExecution(api.base, raw);
      if (!execution) continue;
      if (executionNumber(execution.id) <= known.after || execution.startedAt < since) break scan;
      found.set(execution.id, execution);
    }
  }
  for (const id of known.open)
    if (!found.has(id)) {
      const raw = await api.call("GET", `/executions/${encodeURIComponent(id)}`).catch((error: unknown) => {
        if (error instanceof ConnectorError && error.statusCode === 404) return null;
        throw error;
      });
      const execution = raw ? toExecution(api.base, raw as Json) : null;
      if (execution) found.set(id, execution);
    }
  const executions = await withErrorLines(api, [...found.values()]);
  const after = Math.max(known.after, ...executions.map((execution) => executionNumber(execution.id)));
  const open = executions.filter((execution) => execution.status === "running").map((execution) => execution.id);
  return { executions, cursor: writeCursor({ after, open }) };
}

async function executionsBetween(api: N8nApi, workflowId: string, from: Date, to: Date) {
  const executions: PlatformExecution[] = [];
  scan: for await (const page of api.listPages("/executions", { workflowId }))
    for (const raw of page) {
      const execution = toExecution(api.base, raw);
      if (!execution || execution.startedAt >= to) continue;
      if (execution.startedAt < from) break scan;
      executions.push(execution);
    }
  return executions;
}

/** n8n's public API (`/api/v1`, header X-N8N-API-KEY) as a platform connector. */
export function n8nConnector(options: N8nOptions): PlatformConnector {
  const api = n8nApi(options);
  return {
    platform: "n8n",
    listWorkflows: () => listWorkflows(api),
    executionsSince: (workflowId, cursor, since) => executionsSince(api, workflowId, cursor, since),
    executionsBetween: (workflowId, from, to) => executionsBetween(api, workflowId, from, to),
    async retry(executionId) {
      const answer = (await api.call("POST", `/executions/${encodeURIComponent(executionId)}/retry`)) as Json;
      if (answer?.id === undefined || answer.id === null)
        throw new ConnectorError("unreachable", "n8n did not say which execution the retry started");
      return String(answer.id);
    },
  };
}

/** One call to n8n: 401/403 is a refused key, anything else that is not JSON with 2xx is unreachable. */
async function callN8n(options: N8nOptions, method: "GET" | "POST", url: string, maxBytes: number): Promise<unknown> {
  const outcome = await outboundRequest({
    method,
    url,
    headers: {
      accept: "application/json",
      "x-n8n-api-key": options.apiKey,
      ...(method === "POST" ? { "content-type": "application/json" } : {}),
    },
    body: method === "POST" ? "{}" : undefined,
    policy: options.policy,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxBytes,
  });
  const status = outcome.statusCode;
  if (status === null) throw new ConnectorError("unreachable", outcome.error ?? "No answer");
  if (status === 401 || status === 403)
    throw new ConnectorError("unauthorized", "n8n refused the API key (401/403): check the key and its scopes", status);
  if (status >= 300 && status < 400)
    throw new ConnectorError("unreachable", `n8n answered with a redirect (${status}), which is not followed`, status);
  if (status === 404) throw new ConnectorError("unreachable", "n8n answered 404: is this the instance's address?", 404);
  if (status >= 400) throw new ConnectorError("unreachable", `n8n answered ${status}`, status);
  if (outcome.truncated) throw new ConnectorError("unreachable", "n8n's answer was larger than the size limit");
  try {
    return JSON.parse(outcome.body);
  } catch {
    throw new ConnectorError("unreachable", "n8n's answer was not JSON: is this the instance's address?");
  }
}
