import { ZReportRunConflictResponse, ZReportRunResponse } from "../../../shared/automations";
import { automationRunsSchemas } from "../../../shared/automations";
import { MAX_BATCH_RUNS } from "../../../shared/automations";
import { ingestOps } from "../../../shared/operations/ingest";
import { handle, json, operationEndpoint } from "../../http/endpoint";
import { RUN_REPORTING_TAG } from "../../http/openapi-document";
import { contextOf } from "../../http/service-context";
import { createIngestCoalescer } from "./ingest-coalescer";
import { type IngestResult } from "./ingest.service";
import { RUN_LIFECYCLE } from "./run-lifecycle-doc";
import { refuseRunsPastRetention } from "./run-retention";
import type { StoredRun } from "./repeated-runs";
import type { Config } from "../../config";
import type { Metrics } from "../../metrics/metrics";

const ingest = {
  access: "ingest",
  tag: RUN_REPORTING_TAG,
  csrfExempt: "Authenticated by the automation's ingest key, never by cookies.",
  rateLimit: "ingest",
} as const;

const wireRun = (run: StoredRun) => ({
  ...run,
  startedAt: run.startedAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
});

const reportRun = operationEndpoint({
  ...ingest,
  operation: ingestOps.reportRun,
  schemas: automationRunsSchemas.reportRun,
  summary: "Report one run",
  description: RUN_LIFECYCLE,
  ok: "Stored.",
  okStatus: 201,
  responses: {
    200: json(
      ZReportRunResponse,
      "Known already: either this report finished a run stored as running (`finished`), or it repeats the stored status (`duplicate`) and nothing changed.",
    ),
    409: json(ZReportRunConflictResponse, "The run already has a final status; it is sent back unchanged."),
  },
});

const reportRuns = operationEndpoint({
  ...ingest,
  operation: ingestOps.reportRuns,
  schemas: automationRunsSchemas.reportRuns,
  // Up to 500 runs, each with an error message of up to 2,000 characters.
  maxBodyBytes: 2 * 1024 * 1024,
  summary: `Report up to ${MAX_BATCH_RUNS} runs at once`,
  description:
    "For backfills. Each run is handled as `POST /api/v1/runs` handles it (see there for the lifecycle); a conflict does not stop the others, it is reported in its result.",
  ok: "Stored; one result per run sent.",
});

/** The run reporting API, authenticated by an automation's ingest key (never by cookies). */
export function ingestEndpoints({ config, metrics }: { config: Config; metrics: Metrics }) {
  const coalesced = createIngestCoalescer({ rate: { window: 60, max: config.INGEST_RATE_LIMIT_PER_MINUTE } });
  const ingestRuns: typeof coalesced = async (ctx, input) => {
    const result = await coalesced(ctx, input);
    for (const { outcome, stored } of result.results)
      metrics.ingestRuns.inc({ outcome: stored ? "conflict" : outcome });
    return result;
  };
  return [
    handle(reportRun, async (c) => {
      const run = c.req.valid("json");
      refuseRunsPastRetention(contextOf(c), [run], () => "startedAt");
      const result = await ingestRuns(contextOf(c), { ctx: c.get("ingest"), runs: [run] });
      const [{ outcome, stored }] = result.results as [IngestResult["results"][number]];
      if (stored) {
        const message = `Run ${run.externalRunId} was already reported as ${stored.status}; a final status does not change.`;
        return c.json({ message, code: "CONFLICT" as const, run: wireRun(stored) }, 409);
      }
      const duplicate = outcome === "duplicate";
      const body = {
        accepted: !duplicate,
        duplicate,
        finished: outcome === "finished",
        externalRunId: run.externalRunId,
      };
      return outcome === "stored" ? c.json(body, 201) : c.json(body, 200);
    }),
    handle(reportRuns, async (c) => {
      const { runs } = c.req.valid("json");
      refuseRunsPastRetention(contextOf(c), runs, (i) => `runs.${i}.startedAt`);
      const result = await ingestRuns(contextOf(c), { ctx: c.get("ingest"), runs });
      const { received, accepted, duplicates, finished, conflicts, results } = result;
      const wired = results.map(({ stored, ...rest }) => ({ ...rest, ...(stored ? { stored: wireRun(stored) } : {}) }));
      return c.json({ received, accepted, duplicates, finished, conflicts, results: wired }, 200);
    }),
  ];
}
