import { ZReportRunBatchResponse, ZReportRunResponse } from "../../../shared/automation-responses";
import { ZReportRunBatchRequest, ZReportRunRequest } from "../../../shared/automation-runs";
import { MAX_BATCH_RUNS } from "../../../shared/automations";
import { endpoint, json } from "../../http/endpoint";
import { RUN_REPORTING_TAG } from "../../http/openapi-document";
import { createRouter } from "../../http/router";
import { ingestRuns } from "./ingest.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const exampleRun = {
  externalRunId: "exec-18342",
  status: "failed",
  startedAt: "2026-01-31T09:30:00Z",
  finishedAt: "2026-01-31T09:30:42Z",
  itemsProcessed: 12,
  errorMessage: "The CRM refused the login: its password was changed.",
  runUrl: "https://n8n.example.com/workflow/7/executions/18342",
};
const ingest = { access: "ingest", tag: RUN_REPORTING_TAG } as const;

const reportRun = endpoint({
  ...ingest,
  method: "post",
  path: "/runs",
  operationId: "reportRun",
  summary: "Report one run",
  description: "Idempotent on `externalRunId`: a repeat is answered 200 and stored once.",
  request: { body: ZReportRunRequest.meta({ example: exampleRun }) },
  responses: {
    201: json(ZReportRunResponse, "Stored."),
    200: json(ZReportRunResponse, "Already known (same externalRunId): nothing changed."),
  },
});

const reportRuns = endpoint({
  ...ingest,
  method: "post",
  path: "/runs/batch",
  operationId: "reportRuns",
  summary: `Report up to ${MAX_BATCH_RUNS} runs at once`,
  description: "For backfills. Duplicates are counted, not stored again.",
  request: {
    body: ZReportRunBatchRequest.meta({
      example: {
        runs: [exampleRun, { ...exampleRun, externalRunId: "exec-18343", status: "success", errorMessage: null }],
      },
    }),
  },
  responses: { 200: json(ZReportRunBatchResponse, "Stored; one result per run sent.") },
});

/** The run reporting API, authenticated by an automation's ingest key (never by cookies). */
export function ingestRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return createRouter()
    .openapi(reportRun, async (c) => {
      const run = c.req.valid("json");
      const result = await ingestRuns(db, c.get("ingest"), [run], { appUrl: config.APP_URL });
      if (result.mailQueued) mailer.nudge();
      const duplicate = result.duplicates > 0;
      const body = { accepted: !duplicate, duplicate, externalRunId: run.externalRunId };
      return duplicate ? c.json(body, 200) : c.json(body, 201);
    })
    .openapi(reportRuns, async (c) => {
      const result = await ingestRuns(db, c.get("ingest"), c.req.valid("json").runs, { appUrl: config.APP_URL });
      if (result.mailQueued) mailer.nudge();
      const { received, accepted, duplicates, results } = result;
      return c.json({ received, accepted, duplicates, results }, 200);
    });
}
