import { MAX_BATCH_RUNS, RUN_STATUSES } from "../../../shared/automations";
import { runReportingGuide } from "./run-reporting-guide";

/** The run reporting API, described for automation builders (OpenAPI 3.1); the guide is its description. */
export function openApiDocument(appUrl: string, ratePerMinute: number) {
  const run = {
    type: "object",
    additionalProperties: false,
    required: ["externalRunId", "status", "startedAt"],
    properties: {
      externalRunId: {
        type: "string",
        minLength: 1,
        maxLength: 200,
        description: "Your platform's id for this run (n8n: {{$execution.id}}). Idempotency key: a repeat with the same id is stored once.",
      },
      status: { type: "string", enum: [...RUN_STATUSES] },
      startedAt: { type: "string", format: "date-time", description: "ISO 8601 with a time zone, e.g. 2026-01-31T09:30:00Z" },
      finishedAt: { type: ["string", "null"], format: "date-time", description: "Not before startedAt." },
      itemsProcessed: { type: "integer", minimum: 0, default: 0 },
      minutesSaved: { type: ["integer", "null"], minimum: 0, description: "Minutes of work this run saved; omit to use the automation's default. Counted for successful runs only." },
      errorMessage: { type: ["string", "null"], maxLength: 2000, description: "Shown to the client: write it in plain language, with no secrets or personal data." },
      runUrl: { type: ["string", "null"], format: "uri", description: "Link to the run in your platform (for the agency)." },
    },
  };
  const error = { type: "object", required: ["message"], properties: { message: { type: "string" }, fields: { type: "object", additionalProperties: { type: "string" } }, code: { type: "string" } } };
  const example = {
    externalRunId: "exec-18342",
    status: "failed",
    startedAt: "2026-01-31T09:30:00Z",
    finishedAt: "2026-01-31T09:30:42Z",
    itemsProcessed: 12,
    errorMessage: "The CRM refused the login: its password was changed.",
    runUrl: "https://n8n.example.com/workflow/7/executions/18342",
  };
  const errors = {
    "400": { description: "Invalid body; `message` says what to fix.", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
    "401": { description: "Missing, unknown, rotated or revoked key.", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
    "429": {
      description: `More than ${ratePerMinute} requests in a minute with this key. Wait the seconds in Retry-After.`,
      headers: { "Retry-After": { schema: { type: "integer" } } },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Cogwork run reporting API",
      version: "1.0.0",
      description: runReportingGuide({ appUrl, ratePerMinute }),
    },
    servers: [{ url: `${appUrl}/api/v1` }],
    security: [{ ingestKey: [] }],
    paths: {
      "/runs": {
        post: {
          operationId: "reportRun",
          summary: "Report one run",
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Run" }, example } } },
          responses: {
            "201": { description: "Stored.", content: { "application/json": { example: { accepted: true, duplicate: false, externalRunId: "exec-18342" } } } },
            "200": { description: "Already known (same externalRunId): nothing changed.", content: { "application/json": { example: { accepted: false, duplicate: true, externalRunId: "exec-18342" } } } },
            ...errors,
          },
        },
      },
      "/runs/batch": {
        post: {
          operationId: "reportRuns",
          summary: `Report up to ${MAX_BATCH_RUNS} runs at once`,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", additionalProperties: false, required: ["runs"], properties: { runs: { type: "array", minItems: 1, maxItems: MAX_BATCH_RUNS, items: { $ref: "#/components/schemas/Run" } } } },
                example: { runs: [example, { ...example, externalRunId: "exec-18343", status: "success", errorMessage: null }] },
              },
            },
          },
          responses: {
            "200": { description: "Stored; duplicates are counted, not stored again.", content: { "application/json": { example: { received: 2, accepted: 1, duplicates: 1 } } } },
            ...errors,
          },
        },
      },
    },
    components: {
      securitySchemes: { ingestKey: { type: "http", scheme: "bearer", description: "The automation's ingest key, e.g. cwk_…" } },
      schemas: { Run: run, Error: error },
    },
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A readable page for people: what to send, with curl and an n8n HTTP Request node. */
export function docsPage(appUrl: string, ratePerMinute: number): string {
  const curl = `curl -X POST ${appUrl}/api/v1/runs \\
  -H "Authorization: Bearer $COGWORK_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"externalRunId":"exec-18342","status":"success","startedAt":"2026-01-31T09:30:00Z","finishedAt":"2026-01-31T09:30:42Z","itemsProcessed":12}'`;
  const batch = `curl -X POST ${appUrl}/api/v1/runs/batch \\
  -H "Authorization: Bearer $COGWORK_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"runs":[{"externalRunId":"a1","status":"success","startedAt":"2026-01-31T09:00:00Z"},{"externalRunId":"a2","status":"failed","startedAt":"2026-01-31T10:00:00Z","errorMessage":"The supplier portal was down."}]}'`;
  const n8nBody = `{
  "externalRunId": "{{ $execution.id }}",
  "status": "success",
  "startedAt": "{{ $now.toISO() }}",
  "itemsProcessed": {{ $input.all().length }}
}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Run reporting API · Cogwork</title>
<link rel="stylesheet" href="/api/docs/docs.css" />
</head>
<body>
<main>
<h1>Cogwork run reporting API</h1>
<p>Report every run of an automation. The client portal turns the runs into status, failures in plain language and time saved.
The machine-readable description is <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<h2>Authentication</h2>
<p>Each automation has its own ingest key, issued by the agency and shown once. Send it as <code>Authorization: Bearer &lt;key&gt;</code>.
A rotated or revoked key answers 401. Each key may make ${ratePerMinute} requests per minute; past that the answer is 429 with a <code>Retry-After</code> header in seconds.</p>
<h2>POST /api/v1/runs</h2>
<table>
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Meaning</th></tr></thead>
<tbody>
<tr><td><code>externalRunId</code></td><td>string, required</td><td>Your platform's run id. A repeat with the same id is stored once (answer 200, <code>"duplicate": true</code>), so retrying is always safe.</td></tr>
<tr><td><code>status</code></td><td>required</td><td>${RUN_STATUSES.map((s) => `<code>${s}</code>`).join(", ")}</td></tr>
<tr><td><code>startedAt</code></td><td>date-time, required</td><td>ISO 8601 with a time zone, e.g. <code>2026-01-31T09:30:00Z</code></td></tr>
<tr><td><code>finishedAt</code></td><td>date-time</td><td>Not before <code>startedAt</code>.</td></tr>
<tr><td><code>itemsProcessed</code></td><td>integer ≥ 0</td><td>Records, emails, invoices… handled by the run.</td></tr>
<tr><td><code>minutesSaved</code></td><td>integer ≥ 0</td><td>Omit to use the automation's agreed minutes per run. Counted for successful runs only.</td></tr>
<tr><td><code>errorMessage</code></td><td>string ≤ 2000</td><td>Shown to the client: plain language, no secrets or personal data.</td></tr>
<tr><td><code>runUrl</code></td><td>http(s) URL</td><td>Link to the run in your platform.</td></tr>
</tbody>
</table>
<pre><code>${escapeHtml(curl)}</code></pre>
<p>Answers: 201 stored, 200 duplicate, 400 with a <code>message</code> saying what to fix, 401 bad key, 429 slow down.</p>
<h2>POST /api/v1/runs/batch</h2>
<p>Up to ${MAX_BATCH_RUNS} runs in <code>{"runs": [...]}</code>, for backfills; the answer counts <code>accepted</code> and <code>duplicates</code>.</p>
<pre><code>${escapeHtml(batch)}</code></pre>
<h2>From n8n</h2>
<ol>
<li>At the end of the workflow, add an <strong>HTTP Request</strong> node. Method <strong>POST</strong>, URL <code>${escapeHtml(appUrl)}/api/v1/runs</code>.</li>
<li>Authentication: <strong>Generic Credential Type</strong> → <strong>Header Auth</strong>; name <code>Authorization</code>, value <code>Bearer cwk_…</code> (your key). Keeping it in a credential keeps it out of the workflow JSON.</li>
<li>Send Body: on, <strong>JSON</strong>, <em>Using JSON</em>, with:
<pre><code>${escapeHtml(n8nBody)}</code></pre></li>
<li>For failures, add an <strong>Error Trigger</strong> workflow with the same node and <code>"status": "failed"</code>, <code>"externalRunId": "{{ $json.execution.id }}"</code> and <code>"errorMessage"</code> in words the client understands.</li>
<li>Options → Retry On Fail: on. Retries are safe because the run id makes them idempotent.</li>
</ol>
<p>Make and Zapier work the same way with their HTTP modules (“Make a request” / “Webhooks by Zapier → Custom Request”).</p>
</main>
</body>
</html>`;
}

export const DOCS_CSS =
  "body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a;line-height:1.55}main{max-width:860px;margin:0 auto;padding:24px}" +
  "h1{font-size:1.8rem}h2{margin-top:2rem;font-size:1.25rem}code{font-family:ui-monospace,monospace;font-size:.9em}" +
  "pre{background:#0f172a;color:#e2e8f0;padding:14px;border-radius:8px;overflow-x:auto}pre code{font-size:.85rem}" +
  "table{border-collapse:collapse;width:100%;font-size:.92rem}th,td{border:1px solid #cbd5e1;padding:6px 8px;text-align:left;vertical-align:top}a{color:#1d4ed8}" +
  "@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}th,td{border-color:#334155}a{color:#93c5fd}pre{background:#020617}}";
