import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { createMailer } from "./mail/outbox";
import { consoleTransport, smtpTransport, type MailTransport } from "./mail/transport";
import { startHealthMonitor, type HealthMonitor } from "./modules/automations/health.service";
import { startClientSummaryRefresher } from "./modules/companies/client-summaries.worker";
import type { Config } from "./config";
import type { Logger } from "./lib/logger";

export interface RuntimeOptions {
  config: Config;
  log: Logger;
  /** Overrides where the data lives (tests use an in-memory PGlite or a scratch database). */
  database?: DatabaseTarget;
  transport?: MailTransport;
  webRoot?: string;
  /** Deliver mail in the background (off in tests, which call deliverDue themselves). */
  startMailWorker?: boolean;
  /** Check for stale automations in the background (off in tests, which call detectStale with their own clock). */
  startHealthMonitor?: boolean;
  /** Recompute the clients table's figures at start and periodically (off in tests, which refresh themselves). */
  startClientSummaries?: boolean;
}

/** Everything the server needs, opened in order and closed in reverse. */
export async function createRuntime(options: RuntimeOptions) {
  const { config, log } = options;
  const target: DatabaseTarget =
    options.database ?? (config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  const releaseLock = "dataDir" in target ? lockDataDir(target.dataDir) : () => {};
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(target, {
      onConnectionError: (error) =>
        log.warn(`database connection lost (${error.message}); a new one is opened on the next request`),
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const secret = config.AUTH_SECRET ?? embeddedSecret(config.DATA_DIR);
  const transport = options.transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : consoleTransport(log));
  const mailer = createMailer({ db: handle.db, transport, from: config.MAIL_FROM, log });
  const auth = createAuth({ db: handle.db, config, secret, mailer, log });
  const app = createApp({ config, db: handle.db, auth, mailer, secret, log, webRoot: options.webRoot });
  if (options.startMailWorker) mailer.start();
  const health: HealthMonitor | undefined = options.startHealthMonitor
    ? startHealthMonitor({ db: handle.db, log })
    : undefined;
  const clientSummaries = options.startClientSummaries
    ? startClientSummaryRefresher({ db: handle.db, log, intervalMs: config.CLIENT_SUMMARY_REFRESH_SECONDS * 1000 })
    : undefined;

  let closing: Promise<void> | undefined;
  return {
    app,
    auth,
    db: handle.db,
    databaseKind: handle.kind,
    mailer,
    close: () =>
      (closing ??= (async () => {
        await health?.stop();
        await clientSummaries?.stop();
        await mailer.stop();
        await handle.close();
        releaseLock();
      })()),
  };
}

export type Runtime = Awaited<ReturnType<typeof createRuntime>>;

/** On the embedded default, a secret made once and kept beside the data (never in production). */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
