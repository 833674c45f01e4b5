import { z } from "zod";
import {
  ZListRunsResponse,
  ZReportProblemResponse,
  ZReportRunBatchResponse,
  ZReportRunResponse,
} from "./automation-responses";
import { MAX_BATCH_RUNS, RUN_STATUSES, ZAutomationIdParam } from "./automations";
import { LIMITS, atMost, cleanedText, hasControlChars, longTextField } from "./fields";
import { intField as int } from "./int-field";
import { FILTER_DAYS_AHEAD, plausibleDateTime, plausibleDay } from "./plausible-dates";

/* Runs as platforms report them, problem reports, and the run-history query. */

const optionalCleanText = (max: number) =>
  cleanedText(max)
    .pipe(z.string().max(max, atMost(max)))
    .nullish()
    .transform((value) => value || null);

/** One run, as an automation platform reports it. */
export const ZReportRunRequest = z
  .object({
    externalRunId: z
      .string({
        error: (issue) => (issue.input === undefined ? "externalRunId is required" : "externalRunId must be a string"),
      })
      .trim()
      .min(1, "externalRunId must not be empty")
      .max(200, "externalRunId must be at most 200 characters")
      .refine((value) => !hasControlChars(value), "externalRunId must not contain control characters"),
    status: z.enum(RUN_STATUSES, { error: `status must be one of ${RUN_STATUSES.join(", ")}` }),
    startedAt: plausibleDateTime("startedAt"),
    finishedAt: plausibleDateTime("finishedAt").nullish(),
    itemsProcessed: int("itemsProcessed", 0, 1_000_000_000).default(0),
    minutesSaved: int("minutesSaved", 0, 60 * 24 * 7).nullish(),
    errorMessage: optionalCleanText(LIMITS.longText),
    runUrl: z
      .url({ protocol: /^https?$/, error: "runUrl must be an http(s) URL" })
      .max(2000)
      .nullish(),
  })
  .strict()
  .refine((run) => !run.finishedAt || Date.parse(run.finishedAt) >= Date.parse(run.startedAt), {
    message: "finishedAt must not be before startedAt",
    path: ["finishedAt"],
  });
export type TReportRunRequest = z.input<typeof ZReportRunRequest>;

export const ZReportRunBatchRequest = z
  .object({
    runs: z
      .array(ZReportRunRequest, { error: "runs must be an array of runs" })
      .min(1, "runs must hold at least one run")
      .max(MAX_BATCH_RUNS, `runs may hold at most ${MAX_BATCH_RUNS} runs per request`),
  })
  .strict();

export const ZReportProblemRequest = z.object({ runId: z.uuid("Invalid run id").nullish(), message: longTextField });
export type TReportProblemRequest = z.input<typeof ZReportProblemRequest>;

/**
 * A day of a filter, an export or a payment: a real date in the plausible window (plausible-dates.ts).
 * A range may reach past today (to the end of this month, or year), never to 9999.
 */
export const dayString = plausibleDay(FILTER_DAYS_AHEAD);

const runCursor = (description: string) =>
  z
    .string()
    .max(200, "Not a valid cursor")
    .regex(/^[A-Za-z0-9_-]+$/, "Not a valid cursor")
    .optional()
    .meta({ description });

/** Query of the run history: filters, and at most one of `before` / `after` (none: the newest page). */
export const ZListRunsQuery = z
  .object({
    status: z.enum(RUN_STATUSES).optional(),
    from: dayString.optional(),
    to: dayString.optional(),
    before: runCursor("`olderCursor` of a page, for the runs just older than it."),
    after: runCursor("`newerCursor` of a page, for the runs just newer than it."),
  })
  .refine((query) => !(query.before && query.after), {
    message: "Pass before or after, not both",
    path: ["after"],
  });
export type TListRunsQuery = z.input<typeof ZListRunsQuery>;

/** Query of the CSV export: the days to export, in the company's time zone, both included (at most a year and a day). */
export const ZExportRunsQuery = z
  .object({
    from: dayString.optional().meta({ description: "First day (default: 30 days before `to`)." }),
    to: dayString.optional().meta({ description: "Last day (default: today in the company's time zone)." }),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "The From date must not be after the To date",
    path: ["from"],
  });
export type TExportRunsQuery = z.input<typeof ZExportRunsQuery>;

/** The run the reporting guide and the key reveal dialog post as their example. */
export const EXAMPLE_RUN = {
  externalRunId: "exec-18342",
  status: "success",
  startedAt: "2026-01-31T09:30:00Z",
  finishedAt: "2026-01-31T09:30:42Z",
  itemsProcessed: 12,
} as const satisfies TReportRunRequest;

/** A curl command that reports EXAMPLE_RUN to `origin` with `key` (a shell variable such as $COGWORK_KEY, or the key). */
export function reportRunCurl(origin: string, key: string): string {
  return `curl -X POST ${origin}/api/v1/runs \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\
  -d '${JSON.stringify(EXAMPLE_RUN)}'`;
}

/** The run the API reference shows as its example of a report. */
const exampleReportedRun = {
  externalRunId: "exec-18342",
  status: "failed",
  startedAt: "2026-01-31T09:30:00Z",
  finishedAt: "2026-01-31T09:30:42Z",
  itemsProcessed: 12,
  errorMessage: "The CRM refused the login: its password was changed.",
  runUrl: "https://n8n.example.com/workflow/7/executions/18342",
};

/**
 * An automation's runs: read, exported and reported as a problem by its company's members, and
 * reported by its platform with its ingest key (methods and paths: `operations/automations.ts`, `operations/ingest.ts`).
 */
export const automationRunsSchemas = {
  listRuns: { params: ZAutomationIdParam, query: ZListRunsQuery, response: ZListRunsResponse },
  exportRuns: { params: ZAutomationIdParam, query: ZExportRunsQuery, response: null },
  reportProblem: {
    params: ZAutomationIdParam,
    body: ZReportProblemRequest.meta({ example: { message: "The invoices of Monday are missing." } }),
    response: ZReportProblemResponse,
  },
  reportRun: { body: ZReportRunRequest.meta({ example: exampleReportedRun }), response: ZReportRunResponse },
  reportRuns: {
    body: ZReportRunBatchRequest.meta({
      example: {
        runs: [
          exampleReportedRun,
          { ...exampleReportedRun, externalRunId: "exec-18343", status: "success", errorMessage: null },
        ],
      },
    }),
    response: ZReportRunBatchResponse,
  },
};
export type AutomationRunsSchemas = typeof automationRunsSchemas;
