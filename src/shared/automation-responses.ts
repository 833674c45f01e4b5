import { z } from "zod";
import { DISPLAY_STATUSES, PLATFORMS, RUN_STATUSES, ZAutomationIdParam, ZListAutomationsQuery } from "./automations";

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

/** The automations a signed-in user reads (their runs: `automation-runs.ts`; methods and paths: `operations/automations.ts`). */
export const automationsSchemas = {
  listAutomations: { query: ZListAutomationsQuery, response: ZListAutomationsResponse },
  getAutomation: { params: ZAutomationIdParam, response: ZGetAutomationResponse },
};
export type AutomationsSchemas = typeof automationsSchemas;
