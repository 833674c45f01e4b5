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
