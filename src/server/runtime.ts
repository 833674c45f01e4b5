import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { createMailer, type Mailer } from "./mail/outbox";
import { consoleTransport, smtpTransport, type MailTransport } from "./mail/transport";
import { startHealthMonitor, type HealthMonitor } from "./modules/automations/health.service";
import { billingSettings } from "./modules/billing/billing-settings";
import { startBillingJob } from "./modules/billing/billing.worker";
import { invoiceAttachmentSources } from "./modules/billing/invoices/invoice-pdf.service";
import { startClientSummaryRefresher } from "./modules/companies/client-summaries.worker";
import { startDigestJob } from "./modules/digest/digest.worker";
import { mailLinks } from "./modules/notifications/mail-links";
import { startPlanWorker } from "./modules/plan/plan.worker";
import { chunkAttachmentStore, fileAttachmentStore, type AttachmentStore } from "./modules/support/attachment-store";
import { startUnsentUploadSweep } from "./modules/support/pending-uploads";
import type { Config } from "./config";
import type { Logger } from "./lib/logger";

export interface RuntimeOptions {
  config: Config;
  log: Logger;
  /** Overrides where the data lives (tests use an in-memory PGlite or a scratch database). */
  database?: DatabaseTarget;
  transport?: MailTransport;
  webRoot?: string;
  /** Told of every database statement (tests count the queries of a request with it). */
  onQuery?: (query: string) => void;
  /** Deliver mail in the background (off in tests, which call deliverDue themselves). */
  startMailWorker?: boolean;
  /** Check for stale automations in the background (off in tests, which call detectStale with their own clock). */
  startHealthMonitor?: boolean;
  /** Run recurring billing (period invoices, reminders, usage notices) in the background (off in tests). */
  startBillingJob?: boolean;
  /** Recompute the clients table's figures at start and periodically (off in tests, which refresh themselves). */
  startClientSummaries?: boolean;
  /** Send the plan's grouped comment notices and proposal reminders every minute (off in tests). */
  startPlanWorker?: boolean;
  /** Write the weekly digests on Monday mornings (off in tests, which call sendDueDigests with their own clock). */
  startDigestJob?: boolean;
  /** Remove uploads no message took within a day, at start and every 15 minutes (off in tests, which sweep themselves). */
  startUploadSweep?: boolean;
}

/** Everything the server needs, opened in order and closed in reverse. */
export async function createRuntime(options: RuntimeOptions) {
  const { config, log } = options;
  const target: DatabaseTarget =
    options.database ?? (config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  const { handle, attachments, releaseLock } = await openStorage(target, options);
  const secret = config.AUTH_SECRET ?? embeddedSecret(config.DATA_DIR);
  const transport = options.transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : consoleTransport(log));
  const mailer = createMailer({
    db: handle.db,
    transport,
    from: config.MAIL_FROM,
    log,
    attachmentSources: invoiceAttachmentSources(handle.db, billingSettings(config)),
  });
  const auth = createAuth({ db: handle.db, config, secret, mailer, log });
  const app = createApp({ config, db: handle.db, auth, mailer, secret, log, attachments, webRoot: options.webRoot });
  if (options.startMailWorker) mailer.start();
  // Alerts and digests link back to the app and carry each recipient's signed unsubscribe link.
  const links = mailLinks(config.APP_URL, secret);
  const jobs = startBackgroundJobs(options, { db: handle.db, links, mailer, attachments });

  let closing: Promise<void> | undefined;
  return {
    app,
    auth,
    db: handle.db,
    databaseKind: handle.kind,
    mailer,
    mailLinks: links,
    attachments,
    close: () =>
      (closing ??= (async () => {
        await jobs.stop();
        await mailer.stop();
        await handle.close();
        await attachments.close();
        releaseLock();
      })()),
  };
}

/**
 * The database (its data folder locked while embedded) and the attachment store, swept of
 * uploads that did not complete; whatever was opened is closed again if a step fails.
 */
async function openStorage(target: DatabaseTarget, { log, onQuery }: RuntimeOptions) {
  const releaseLock = "dataDir" in target ? lockDataDir(target.dataDir) : () => {};
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(target, {
      onQuery,
      onConnectionError: (error) =>
        log.warn(`database connection lost (${error.message}); a new one is opened on the next request`),
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const attachments = attachmentStoreFor(target);
  try {
    const swept = await attachments.sweep(handle.db);
    if (swept.removed) log.info(`removed ${swept.removed} attachment file(s) of uploads that did not complete`);
  } catch (error) {
    await handle.close();
    releaseLock();
    throw error;
  }
  return { handle, attachments, releaseLock };
}

/** The background jobs the options ask for; `stop` stops them in the order they were started. */
function startBackgroundJobs(
  options: RuntimeOptions,
  {
    db,
    links,
    mailer,
    attachments,
  }: {
    db: DatabaseHandle["db"];
    links: ReturnType<typeof mailLinks>;
    mailer: Mailer;
    attachments: AttachmentStore;
  },
) {
  const { config, log } = options;
  const health: HealthMonitor | undefined = options.startHealthMonitor
    ? startHealthMonitor({ db, log, links, onMail: mailer.nudge })
    : undefined;
  const digestJob = options.startDigestJob
    ? startDigestJob({ db, log, links, intervalMs: config.DIGEST_JOB_SECONDS * 1000, onMail: mailer.nudge })
    : undefined;
  const clientSummaries = options.startClientSummaries
    ? startClientSummaryRefresher({ db, log, intervalMs: config.CLIENT_SUMMARY_REFRESH_SECONDS * 1000 })
    : undefined;
  const planWorker = options.startPlanWorker
    ? startPlanWorker({ db, log, mailer, appUrl: config.APP_URL, intervalMs: 60_000 })
    : undefined;
  const uploadSweep = options.startUploadSweep ? startUnsentUploadSweep({ db, store: attachments, log }) : undefined;
  const billingJob = options.startBillingJob
    ? startBillingJob({
        db,
        log,
        mailer,
        settings: billingSettings(config),
        intervalMs: config.BILLING_JOB_SECONDS * 1000,
      })
    : undefined;
  return {
    stop: async () => {
      await health?.stop();
      await digestJob?.stop();
      await clientSummaries?.stop();
      await planWorker?.stop();
      await billingJob?.stop();
      await uploadSweep?.stop();
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof createRuntime>>;

/**
 * Attachments (ADR 0022): chunks in PostgreSQL, which every instance shares; files beside the
 * embedded database's data; a folder of its own, removed at close, for an in-memory database.
 */
function attachmentStoreFor(target: DatabaseTarget): AttachmentStore {
  if ("url" in target) return chunkAttachmentStore();
  if ("dataDir" in target) return fileAttachmentStore(path.join(target.dataDir, "attachments"));
  return fileAttachmentStore(fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-attachments-")), { removeOnClose: true });
}

/** On the embedded default, a secret made once and kept beside the data (never in production). */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
