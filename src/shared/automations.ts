import { z } from "zod";
import { DISPLAY_STATUSES, EDITABLE_STATUSES, PLATFORMS, RUN_STATUSES } from "./automations-labels";
import { LIMITS, longTextField, plainString, textField, atMost, cleanedText, hasControlChars } from "./fields";
import { intField as int } from "./int-field";
import { FILTER_DAYS_AHEAD, plausibleDateTime, plausibleDay } from "./plausible-dates";
export * from "./automations-labels";

export const MAX_BATCH_RUNS = 500;
export const RUNS_PAGE_SIZE = 25;
export const SCHEDULE_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;

/** An automation's fields as staff write them; no defaults here, so a partial update changes only what it sends. */
const automationFields = z.object({
  name: textField,
  purpose: longTextField,
  platform: z.enum(PLATFORMS, { error: `Platform must be one of ${PLATFORMS.join(", ")}` }),
  triggerDescription: textField,
  /** At least one run every this many minutes; null when there is no schedule. */
  expectedEveryMinutes: int("Expected schedule", 1, 60 * 24 * 365).nullable(),
  minutesSavedPerRun: int("Minutes saved per run", 0, 60 * 24 * 7),
  status: z.enum(EDITABLE_STATUSES, { error: `Status must be one of ${EDITABLE_STATUSES.join(", ")}` }),
  failureThreshold: int("Failures before alert", 1, 100),
});

/** Staff register an automation for a client company (the company is in the path). */
export const ZCreateAutomationRequest = automationFields.extend({
  expectedEveryMinutes: automationFields.shape.expectedEveryMinutes.default(null),
  status: automationFields.shape.status.default("building"),
  failureThreshold: automationFields.shape.failureThreshold.default(3),
});
export type TCreateAutomationRequest = z.input<typeof ZCreateAutomationRequest>;

export const ZUpdateAutomationRequest = automationFields
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to change" });
export type TUpdateAutomationRequest = z.input<typeof ZUpdateAutomationRequest>;

export const ZListAutomationsQuery = z.object({
  search: plainString(LIMITS.text).optional(),
  status: z.enum(DISPLAY_STATUSES).optional(),
  companyId: z.uuid().optional(),
});
export type TListAutomationsQuery = z.input<typeof ZListAutomationsQuery>;

/** An automation in a path: `/api/automations/{id}`. */
export const ZAutomationIdParam = z.object({ id: z.uuid() });

/* ---------- Responses of the automation, run and ingest endpoints ---------- */

const wireDateTime = () => z.iso.datetime();
const count = () => z.number().int().min(0);
const successRate = () =>
  z.number().min(0).max(1).nullable().meta({
    description: "Successes / (successes + failures), from 0 to 1; null without finished runs.",
  });

export const ZAutomationSummary = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  name: z.string(),
  purpose: z.string(),
  platform: z.enum(PLATFORMS),
  triggerDescription: z.string(),
  expectedEveryMinutes: z.number().int().nullable().meta({
    description: "At least one run is expected this often; null when there is no schedule.",
  }),
  minutesSavedPerRun: count(),
  status: z.enum(DISPLAY_STATUSES).meta({
    description: "Failing and Stale are derived from the runs of a Live automation.",
  }),
  consecutiveFailures: count(),
  failureThreshold: z.number().int(),
  lastRunAt: wireDateTime().nullable(),
  lastRunStatus: z.enum(RUN_STATUSES).nullable(),
  successRate7d: successRate(),
  successRate30d: successRate(),
  runsThisMonth: count(),
  successfulRunsThisMonth: count(),
  minutesSavedThisMonth: count(),
  minutesSavedLifetime: count(),
  successfulRunsLifetime: count(),
  trend14d: z
    .array(count())
    .length(14)
    .meta({ description: "Runs per day in the company's time zone, oldest first, ending today." }),
  createdAt: wireDateTime(),
  updatedAt: wireDateTime(),
});
export type AutomationSummary = z.infer<typeof ZAutomationSummary>;

export const ZAutomationDetail = ZAutomationSummary.extend({
  createdBy: z.string().nullable().meta({
    description: "Name of the staff member who registered it; null once their account is gone.",
  }),
  updatedBy: z.string().nullable().meta({
    description: "Name of the staff member who last changed it; null once their account is gone.",
  }),
});
export type AutomationDetail = z.infer<typeof ZAutomationDetail>;

export const ZListAutomationsResponse = z.object({
  automations: z.array(ZAutomationDetail),
});
export type TListAutomationsResponse = z.infer<typeof ZListAutomationsResponse>;

export const ZGetAutomationResponse = ZAutomationDetail;

export const ZRunRow = z.object({
  id: z.uuid(),
  externalId: z.string().meta({
    description: "The run's id on the automation platform (externalRunId when reported).",
  }),
  status: z.enum(RUN_STATUSES),
  startedAt: wireDateTime(),
  finishedAt: wireDateTime().nullable(),
  itemsProcessed: count(),
  minutesSaved: count(),
  errorMessage: z.string().nullable(),
  runUrl: z.string().nullable().meta({ description: "Link to the run on the automation platform." }),
  retryOf: z.string().nullable().optional().meta({
    description: "For a retry started from the portal or in n8n: the platform id of the run it retried.",
  }),
  retriedAs: z
    .object({ externalId: z.string(), status: z.enum(RUN_STATUSES).nullable() })
    .nullable()
    .optional()
    .meta({
      description: "When this run was retried: the retry's platform id and its status (null until it is read).",
    }),
});
export type RunRow = z.infer<typeof ZRunRow>;

export const ZListRunsResponse = z.object({
  runs: z.array(ZRunRow).meta({ description: "Newest first." }),
  pageSize: z.number().int().min(1),
  olderCursor: z
    .string()
    .nullable()
    .meta({ description: "Pass it as `before` for the next older page; null when there is none." }),
  newerCursor: z
    .string()
    .nullable()
    .meta({ description: "Pass it as `after` for the next newer page; null on the newest page." }),
  total: count().meta({
    description: "Runs matching the filter, over every page.",
  }),
});
export type TListRunsResponse = z.infer<typeof ZListRunsResponse>;

export const ZReportProblemResponse = z.object({
  id: z.uuid(),
  createdAt: wireDateTime(),
  message: z.string().meta({ description: "The receipt to show the reporter." }),
});

export const ZIngestKey = z.object({
  id: z.uuid(),
  prefix: z.string().meta({
    description: "The key's first characters, to recognise it; the key itself is never stored.",
  }),
  createdAt: wireDateTime(),
});

export const ZListIngestKeysResponse = z.object({
  keys: z
    .array(
      ZIngestKey.extend({
        lastUsedAt: wireDateTime().nullable(),
        revokedAt: wireDateTime().nullable(),
      }),
    )
    .meta({ description: "Every key the automation has had, newest first." }),
});

export const ZIssueIngestKeyResponse = ZIngestKey.extend({
  key: z.string().meta({ description: "The whole key, shown this once." }),
  notice: z.string(),
});
export type TIssueIngestKeyResponse = z.infer<typeof ZIssueIngestKeyResponse>;

export const ZRevokeIngestKeyResponse = z.object({ revoked: z.literal(true) });

export const ZReportRunResponse = z.object({
  accepted: z.boolean().meta({
    description: "False when a run with this externalRunId was already recorded with this status (a duplicate).",
  }),
  duplicate: z.boolean(),
  finished: z
    .boolean()
    .meta({ description: "True when this report gave its final status to a run reported earlier as running." }),
  externalRunId: z.string(),
});

/** A run as stored, sent back when a report contradicts it. */
export const ZStoredRun = z.object({
  externalRunId: z.string(),
  status: z.enum(RUN_STATUSES),
  startedAt: wireDateTime(),
  finishedAt: wireDateTime().nullable(),
  itemsProcessed: count(),
  errorMessage: z.string().nullable(),
});
export type TStoredRun = z.infer<typeof ZStoredRun>;

export const ZReportRunConflictResponse = z.object({
  message: z.string(),
  code: z.literal("CONFLICT"),
  run: ZStoredRun,
});

export const ZReportRunBatchResponse = z.object({
  received: count(),
  accepted: count(),
  duplicates: count(),
  finished: count().meta({ description: "Runs reported earlier as running that took their final status." }),
  conflicts: count().meta({ description: "Reports that contradict a final status; nothing was changed for them." }),
  results: z
    .array(
      z.object({
        externalRunId: z.string(),
        duplicate: z.boolean(),
        outcome: z.enum(["stored", "finished", "duplicate", "conflict"]),
        stored: ZStoredRun.optional().meta({ description: "For a conflict: the run as stored." }),
      }),
    )
    .meta({ description: "One per run sent, in the order sent." }),
});

/** The automations a signed-in user reads (methods and paths: `operations/automations.ts`). */
export const automationsSchemas = {
  listAutomations: { query: ZListAutomationsQuery, response: ZListAutomationsResponse },
  getAutomation: { params: ZAutomationIdParam, response: ZGetAutomationResponse },
};
export type AutomationsSchemas = typeof automationsSchemas;

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
