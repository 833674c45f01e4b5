import { reportRunCurl } from "../../../shared/automations";
import { MAX_BATCH_RUNS, RUN_STATUSES } from "../../../shared/automations";

export interface RunReportingGuideOptions {
  /** The public origin, e.g. https://portal.example.com: the examples call it. */
  appUrl: string;
  /** Requests per minute each ingest key may make. */
  ratePerMinute: number;
}

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;
// Steps are separated by blank lines (a "loose" list: each item a paragraph): the reference UI
// lays a list item's children out in a row, which breaks a tight item's inline text apart.

/**
 * The run reporting API for automation builders, in Markdown: what it is for, how to
 * authenticate, curl and n8n examples, idempotency and rate limits. It is the OpenAPI document's
 * `info.description`, so the API reference page shows it above the endpoints.
 */
export function runReportingGuide({ appUrl, ratePerMinute }: RunReportingGuideOptions): string {
  const single = reportRunCurl(appUrl, "$COGWORK_KEY");
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
  return [
    "Report every run of an automation. The client portal turns the runs into status, failures in plain language and time saved.",
    "The machine-readable description of this API is [openapi.json](/api/docs/openapi.json) (OpenAPI 3.1).",
    "## Authentication",
    "Each automation has its own ingest key, issued by the agency and shown once. Send it as `Authorization: Bearer <key>`. " +
      "A rotated or revoked key answers 401.",
    "## Retries are safe",
    "`externalRunId` is your platform's id for the run and the idempotency key: a repeat with the same id is stored once " +
      '(answer 200 with `"duplicate": true` instead of 201), so retrying after a timeout never counts a run twice.',
    "## Rate limit",
    `Each key may make ${ratePerMinute} requests per minute. Past that the answer is 429 with a \`Retry-After\` header in seconds: ` +
      `wait that long, then send again. For backfills use \`POST /api/v1/runs/batch\`, up to ${MAX_BATCH_RUNS} runs per request.`,
    "## Report a run with curl",
    `\`status\` is one of ${RUN_STATUSES.map((status) => `\`${status}\``).join(", ")}. ` +
      "Answers: 201 stored, 200 duplicate, 400 with a `message` saying what to fix, 401 bad key, 429 slow down.",
    fence("bash", single),
    `Up to ${MAX_BATCH_RUNS} runs in \`{"runs": [...]}\`, for backfills; the answer counts \`accepted\` and \`duplicates\`:`,
    fence("bash", batch),
    "## Report a run from n8n",
    [
      `1. At the end of the workflow, add an **HTTP Request** node. Method **POST**, URL \`${appUrl}/api/v1/runs\`.`,
      "2. Authentication: **Generic Credential Type** → **Header Auth**; name `Authorization`, value `Bearer cwk_…` (your key). " +
        "Keeping it in a credential keeps it out of the workflow JSON.",
      "3. Send Body: on, **JSON**, *Using JSON*, with this body:",
    ].join("\n\n"),
    fence("json", n8nBody),
    [
      '4. For failures, add an **Error Trigger** workflow with the same node and `"status": "failed"`, ' +
        '`"externalRunId": "{{ $json.execution.id }}"` and `"errorMessage"` in words the client understands: the client reads it.',
      "5. Options → Retry On Fail: on. Retries are safe because the run id makes them idempotent.",
    ].join("\n\n"),
    "Make and Zapier work the same way with their HTTP modules (“Make a request” / “Webhooks by Zapier → Custom Request”).",
  ].join("\n\n");
}
