import { UNSENT_UPLOAD_HOURS } from "../shared/support";
import { createServiceContext, type ServiceContext } from "./context/service-context";
import { startPeriodicJob, type PeriodicJob } from "./lib/periodic-job";
import { detectStale } from "./modules/automations";
import { runBillingCycle } from "./modules/billing";
import { deliverDueEvents } from "./modules/channels";
import { refreshClientSummaries } from "./modules/companies";
import { syncAllConnections } from "./modules/connections";
import { sendDueDigests } from "./modules/digest";
import { deleteRunsPastRetention } from "./modules/ingest";
import { sendPendingCommentNotices, sendProposalReminders } from "./modules/plan";
import { sendDueReports } from "./modules/reports";
import { sweepUnsentUploads } from "./modules/support";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./lib/logger";
import type { Mailer } from "./mail/outbox";
import type { Metrics } from "./metrics/metrics";
import type { MailLinks } from "./modules/notifications";
import type { AttachmentStore } from "./modules/support";

/** What the jobs' passes are run with, besides their context. */
export interface JobDeps {
  config: Config;
  log: Logger;
  links: MailLinks;
  attachments: AttachmentStore;
}

/** A background job's context: the system acts, on every company, at the pass's own "now". */
export type JobContext = ServiceContext<null>;

export interface BackgroundJob {
  /** What the job does, as the log says it. */
  name: string;
  /** The runtime option that starts it (tests leave it off and run the pass with their own clock). */
  option: JobOption;
  intervalMs: (config: Config) => number;
  runAtStart?: boolean;
  /** What makes its work happen once when several instances run it at the same time. */
  once: string;
  /** The test that runs its pass against a real database. */
  testedIn: string;
  /** `stopping` is aborted when the server stops: a long pass ends at its next step. */
  pass: (ctx: JobContext, deps: JobDeps, stopping: AbortSignal) => Promise<void>;
}

export type JobOption =
  | "startHealthMonitor"
  | "startBillingJob"
  | "startClientSummaries"
  | "startPlanWorker"
  | "startDigestJob"
  | "startReportJob"
  | "startUploadSweep"
  | "startRunRetention"
  | "startChannelWorker"
  | "startConnectionSync";

/**
 * Every periodic job of the server. The mail worker is the one loop not listed: it is woken by
 * the outbox after each commit and polls besides (`mail/outbox.ts`, `startMailWorker`).
 */
export const BACKGROUND_JOBS: BackgroundJob[] = [
  {
    name: "stale automation check",
    option: "startHealthMonitor",
    intervalMs: () => 60_000,
    once: "each automation is marked stale by a conditional update of its row (FOR UPDATE), so one alert is written",
    testedIn: "src/server/modules/automations/stale-alerts.test.ts",
    pass: async (ctx, { log }) => {
      const ids = await detectStale(ctx);
      if (ids.length > 0) log.info("automations became stale", { count: ids.length });
    },
  },
  {
    name: "billing cycle",
    option: "startBillingJob",
    intervalMs: (config) => config.BILLING_JOB_SECONDS * 1000,
    runAtStart: true,
    once: "row locks on each subscription and invoice, unique keys on period invoices, notices and hours settlements; Stripe invoice items and an ended subscription's hours invoice keyed by company and period",
    testedIn: "src/server/modules/billing/subscriptions/billing-cycle.test.ts",
    pass: async (ctx, { log }) => {
      const done = await runBillingCycle(ctx);
      const { sent, invoiced, failed } = done.hoursToStripe;
      if (done.renewed + done.reminders + done.notices + sent + invoiced + failed > 0) log.info("billing cycle", done);
    },
  },
  {
    name: "client figures refresh",
    option: "startClientSummaries",
    intervalMs: (config) => config.CLIENT_SUMMARY_REFRESH_SECONDS * 1000,
    runAtStart: true,
    once: "a transaction-scoped advisory lock: the instance holding it refreshes, the others skip the round",
    testedIn: "src/server/modules/companies/client-summaries.test.ts",
    pass: async (ctx, { log }) => {
      const started = performance.now();
      if (await refreshClientSummaries(ctx))
        log.debug("client figures refreshed", { ms: Math.round(performance.now() - started) });
    },
  },
  {
    name: "plan mail pass",
    option: "startPlanWorker",
    intervalMs: () => 60_000,
    once: "each plan item is claimed FOR UPDATE SKIP LOCKED and re-checked after the other instance commits",
    testedIn: "src/server/modules/plan/plan-mail.test.ts",
    pass: async (ctx) => {
      await sendPendingCommentNotices(ctx);
      await sendProposalReminders(ctx);
    },
  },
  {
    name: "weekly digest",
    option: "startDigestJob",
    intervalMs: (config) => config.DIGEST_JOB_SECONDS * 1000,
    runAtStart: true,
    once: "each company's week is claimed by a unique key before its digest is written",
    testedIn: "src/server/modules/digest/digest.test.ts",
    pass: async (ctx, { log }) => {
      const companies = await sendDueDigests(ctx);
      if (companies > 0) log.info("weekly digests written", { companies });
    },
  },
  {
    name: "monthly report",
    option: "startReportJob",
    intervalMs: (config) => config.REPORT_JOB_SECONDS * 1000,
    runAtStart: true,
    once: "each company's month is claimed by a unique key (monthly_report_sending) before its mails are written",
    testedIn: "src/server/modules/reports/reports-delivery.test.ts",
    pass: async (ctx, { log }) => {
      const companies = await sendDueReports(ctx);
      if (companies > 0) log.info("monthly reports written", { companies });
    },
  },
  {
    name: "alert channel deliveries",
    option: "startChannelWorker",
    // Polled every second: an event reaches Slack, Teams or a webhook within seconds (ADR 0029).
    intervalMs: () => 1_000,
    runAtStart: true,
    once: "each due delivery is claimed FOR UPDATE SKIP LOCKED with a lease, one per channel at a time",
    testedIn: "src/server/modules/channels/delivery.test.ts",
    pass: async (ctx, { log }) => {
      const attempted = await deliverDueEvents(ctx);
      if (attempted > 0) log.debug("alert channel deliveries attempted", { count: attempted });
    },
  },
  {
    name: "platform connection sync",
    option: "startConnectionSync",
    intervalMs: (config) => config.CONNECTION_SYNC_SECONDS * 1000,
    runAtStart: true,
    once: "each connection is claimed by a conditional update of its sync lease; another instance skips it until the pass frees it",
    testedIn: "src/server/modules/connections/connections.test.ts",
    pass: async (ctx, { log }) => {
      const synced = await syncAllConnections(ctx);
      if (synced > 0) log.debug("platform connections synced", { count: synced });
    },
  },
  {
    name: "unsent upload sweep",
    option: "startUploadSweep",
    intervalMs: () => 15 * 60_000,
    runAtStart: true,
    once: "a DELETE … RETURNING: each upload is removed, and its file discarded, by one instance",
    testedIn: "src/server/modules/support/support-uploads.test.ts",
    pass: async (ctx, { log }) => {
      const removed = await sweepUnsentUploads(ctx);
      if (removed) log.info(`removed ${removed} upload(s) no message took within ${UNSENT_UPLOAD_HOURS} hours`);
    },
  },
  {
    name: "run retention",
    option: "startRunRetention",
    intervalMs: () => 10 * 60_000,
    runAtStart: true,
    once: "each batch deletes rows it locked with FOR UPDATE SKIP LOCKED: another instance skips them",
    testedIn: "src/server/modules/ingest/run-retention.test.ts",
    pass: async (ctx, { log, config }, stopping) => {
      const deleted = await deleteRunsPastRetention(ctx, { stopping });
      if (deleted > 0) log.info(`deleted ${deleted} run(s) older than ${config.RUN_RETENTION_DAYS} days`);
    },
  },
];

/** Starts the listed jobs the options ask for; each pass gets a context of its own; `stop` stops them in order. */
export function startBackgroundJobs(
  enabled: Partial<Record<JobOption, boolean>>,
  deps: JobDeps & { db: Database; mailer: Mailer; metrics: Metrics },
) {
  const running: PeriodicJob[] = BACKGROUND_JOBS.filter((job) => enabled[job.option]).map((job) =>
    startPeriodicJob({
      name: job.name,
      log: deps.log,
      intervalMs: job.intervalMs(deps.config),
      runAtStart: job.runAtStart,
      pass: (stopping) =>
        deps.metrics.timeJob(job.name, () =>
          job.pass(
            createServiceContext({
              db: deps.db,
              wakeMail: () => deps.mailer.nudge(),
              app: { config: deps.config, links: deps.links, attachments: deps.attachments },
              actor: null,
              scope: { all: true },
            }),
            deps,
            stopping,
          ),
        ),
    }),
  );
  return {
    stop: async () => {
      for (const job of running) await job.stop();
    },
  };
}
