import { z } from "zod";
import { DAY_PATTERN } from "./days";
import {
  LIMITS,
  atMost,
  cleanedText,
  hasControlChars,
  longTextField,
  optionalTextField,
  plainString,
  textField,
} from "./fields";

export const PLATFORMS = ["n8n", "make", "zapier", "custom"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  n8n: "n8n",
  make: "Make",
  zapier: "Zapier",
  custom: "Custom code",
};

/** Stored statuses; staff set these. */
export const AUTOMATION_STATUSES = ["building", "live", "paused"] as const;
/** What clients see: Failing and Stale are derived from the runs of a Live automation. */
export const DISPLAY_STATUSES = ["building", "live", "paused", "failing", "stale"] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];
export const STATUS_LABELS: Record<DisplayStatus, string> = {
  building: "Building",
  live: "Live",
  paused: "Paused",
  failing: "Failing",
  stale: "Stale",
};

export const RUN_STATUSES = ["success", "failed", "running", "skipped"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  success: "Succeeded",
  failed: "Failed",
  running: "Running",
  skipped: "Skipped",
};

export const MAX_BATCH_RUNS = 500;
export const RUNS_PAGE_SIZE = 25;
export const SCHEDULE_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? "Required" : `${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** Staff register an automation for a client company. */
export const ZCreateAutomationRequest = z.object({
  companyId: z.uuid("Invalid company id"),
  name: textField,
  purpose: longTextField,
  platform: z.enum(PLATFORMS, { error: `Platform must be one of ${PLATFORMS.join(", ")}` }),
  triggerDescription: textField,
  /** At least one run every this many minutes; null when there is no schedule. */
  expectedEveryMinutes: int("Expected schedule", 1, 60 * 24 * 365)
    .nullable()
    .default(null),
  minutesSavedPerRun: int("Minutes saved per run", 0, 60 * 24 * 7),
  status: z.enum(AUTOMATION_STATUSES).default("building"),
  failureThreshold: int("Failures before alert", 1, 100).default(3),
});
export type TCreateAutomationRequest = z.input<typeof ZCreateAutomationRequest>;

export const ZUpdateAutomationRequest = ZCreateAutomationRequest.omit({ companyId: true })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to change" });
export type TUpdateAutomationRequest = z.input<typeof ZUpdateAutomationRequest>;

const isoDateTime = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined
        ? `${label} is required`
        : `${label} must be an ISO 8601 date-time such as 2026-01-31T09:30:00Z`,
  });

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
    startedAt: isoDateTime("startedAt"),
    finishedAt: isoDateTime("finishedAt").nullish(),
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
export type TReportRunBatchRequest = z.input<typeof ZReportRunBatchRequest>;

export const ZReportProblemRequest = z.object({ runId: z.uuid("Invalid run id").nullish(), message: longTextField });
export type TReportProblemRequest = z.input<typeof ZReportProblemRequest>;

export const ZUpdateHourlyValueRequest = z.object({
  /** In minor units (cents). */
  hourlyValueMinor: int("Hourly value", 0, 100_000_00),
});
export type TUpdateHourlyValueRequest = z.input<typeof ZUpdateHourlyValueRequest>;

export const ZInviteMemberRequest = z.object({
  email: textField.pipe(z.email("Invalid email")).transform((v) => v.toLowerCase()),
  name: optionalTextField,
});
export type TInviteMemberRequest = z.input<typeof ZInviteMemberRequest>;

export const ZAcceptInvitationRequest = z.object({ token: plainString(200).pipe(z.string().min(1, "Required")) });
export type TAcceptInvitationRequest = z.input<typeof ZAcceptInvitationRequest>;

/** A real calendar day: 2026-02-30 or 2026-13-01 is refused, not rolled over or passed on to the database. */
const dayString = z
  .string()
  .regex(DAY_PATTERN, "Dates look like 2026-01-31")
  .refine((value) => {
    const [year, month, day] = value.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    );
  }, "Not a real date: dates look like 2026-01-31");

/** Query of the run history. */
export const ZListRunsQuery = z.object({
  status: z.enum(RUN_STATUSES).optional(),
  from: dayString.optional(),
  to: dayString.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TListRunsQuery = z.input<typeof ZListRunsQuery>;

export const ZListAutomationsQuery = z.object({
  search: plainString(LIMITS.text).optional(),
  status: z.enum(DISPLAY_STATUSES).optional(),
  companyId: z.uuid().optional(),
});

/* ---------- Responses ---------- */

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
  trend14d: z.array(count()).length(14).meta({ description: "Runs per UTC day, oldest first, ending today." }),
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
export type TGetAutomationResponse = z.infer<typeof ZGetAutomationResponse>;

export const ZCreateAutomationResponse = ZAutomationDetail;
export type TCreateAutomationResponse = z.infer<typeof ZCreateAutomationResponse>;

export const ZUpdateAutomationResponse = ZAutomationDetail;
export type TUpdateAutomationResponse = z.infer<typeof ZUpdateAutomationResponse>;

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
});
export type RunRow = z.infer<typeof ZRunRow>;

export const ZListRunsResponse = z.object({
  runs: z.array(ZRunRow).meta({ description: "Newest first." }),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
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
export type TReportProblemResponse = z.infer<typeof ZReportProblemResponse>;

const ZIngestKey = z.object({
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
export type TListIngestKeysResponse = z.infer<typeof ZListIngestKeysResponse>;

export const ZIssueIngestKeyResponse = ZIngestKey.extend({
  key: z.string().meta({ description: "The whole key, shown this once." }),
  notice: z.string(),
});
export type TIssueIngestKeyResponse = z.infer<typeof ZIssueIngestKeyResponse>;

export const ZRevokeIngestKeyResponse = z.object({ revoked: z.literal(true) });
export type TRevokeIngestKeyResponse = z.infer<typeof ZRevokeIngestKeyResponse>;

export const ZReportRunResponse = z.object({
  accepted: z.boolean().meta({
    description: "False when a run with this externalRunId was already recorded (answered with 200, not 201).",
  }),
  duplicate: z.boolean(),
  externalRunId: z.string(),
});
export type TReportRunResponse = z.infer<typeof ZReportRunResponse>;

export const ZReportRunBatchResponse = z.object({
  received: count(),
  accepted: count(),
  duplicates: count(),
  results: z
    .array(z.object({ externalRunId: z.string(), duplicate: z.boolean() }))
    .meta({ description: "One per run sent, in the order sent." }),
});
export type TReportRunBatchResponse = z.infer<typeof ZReportRunBatchResponse>;
