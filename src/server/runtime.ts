import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { createServiceContext, type Actor } from "./context/service-context";
import { openDatabase, type DatabaseHandle, type DatabaseTarget, type OpenOptions } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { startBackgroundJobs, type JobOption } from "./jobs";
import { createMailer, outboxBacklog } from "./mail/outbox";
import { consoleTransport, smtpTransport, type MailTransport } from "./mail/transport";
import { createMetrics } from "./metrics/metrics";
import { billingSettings, invoiceAttachmentSources } from "./modules/billing";
import { mailLinks } from "./modules/notifications";
import { chunkAttachmentStore, fileAttachmentStore, type AttachmentStore } from "./modules/support";
import type { Config } from "./config";
import type { CompanyScope } from "./context/company-scope";
import type { Logger } from "./lib/logger";
import type { Readiness } from "./modules/health";

export interface RuntimeOptions extends Partial<Record<JobOption, boolean>> {
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
  /** Wait for an unreachable PostgreSQL at start instead of failing (the server does). */
  waitForDatabase?: OpenOptions["waitForDatabase"];
}

/** Everything the server needs, opened in order and closed in reverse. */
export async function createRuntime(options: RuntimeOptions) {
  const { config, log } = options;
  const metrics = createMetrics();
  const target: DatabaseTarget =
    options.database ?? (config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  const { handle, attachments, releaseLock } = await openStorage(target, {
    ...options,
    onQueryTimed: (seconds) => metrics.queryDuration.observe(seconds),
  });
  metrics.observe({ pool: handle.poolStats, outbox: () => outboxBacklog(handle.db) });
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
  // Alerts and digests link back to the app and carry each recipient's signed unsubscribe link.
  const links = mailLinks(config.APP_URL, secret);
  const readiness: Readiness = { stopping: false, latestMigration: handle.latestMigration };
  const app = createApp({
    readiness,
    metrics,
    config,
    db: handle.db,
    auth,
    mailer,
    secret,
    log,
    attachments,
    links,
    webRoot: options.webRoot,
  });
  if (options.startMailWorker) mailer.start();
  // The periodic jobs are listed, with their intervals and locks, in jobs.ts.
  const jobs = startBackgroundJobs(options, { db: handle.db, config, log, links, mailer, attachments, metrics });

  let closing: Promise<void> | undefined;
  return {
    app,
    auth,
    db: handle.db,
    databaseKind: handle.kind,
    /** The embedded database's client, for backups while the server runs. */
    pglite: handle.pglite,
    mailer,
    mailLinks: links,
    attachments,
    metrics,
    /** Set `stopping` on SIGTERM: GET /api/ready answers 503 from then on. */
    readiness,
    /** A service context on this database, as a request or a job pass builds one (by default the system, on every company, now). */
    context: <A extends Actor | null = null>(fields: { actor?: A; scope?: CompanyScope; now?: Date } = {}) =>
      createServiceContext<A>({
        db: handle.db,
        wakeMail: () => mailer.nudge(),
        app: { config, links, attachments },
        actor: (fields.actor ?? null) as A,
        scope: fields.scope ?? { all: true },
        now: fields.now,
      }),
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
async function openStorage(
  target: DatabaseTarget,
  { log, onQuery, onQueryTimed, waitForDatabase }: RuntimeOptions & Pick<OpenOptions, "onQueryTimed">,
) {
  const releaseLock = "dataDir" in target ? lockDataDir(target.dataDir) : () => {};
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(target, {
      onQuery,
      onQueryTimed,
      waitForDatabase,
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
