import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import { ConfigError, loadConfig, loadDotEnv, type Config } from "./config";
import { answerBackupRequests } from "./db/backup-request";
import { DataDirLockedError } from "./db/data-dir-lock";
import { drainConnections, keepIdleConnections, SHUTDOWN_LIMIT_MS, startingAnswer } from "./http/lifecycle";
import { routeEscapedErrors } from "./lib/escaped-errors";
import { createLogger, type Logger } from "./lib/logger";
import { isDatabaseEmpty } from "./modules/demo";
import { createRuntime, type Runtime } from "./runtime";
import type { Server } from "node:http";

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  routeEscapedErrors(log);
  const started = performance.now();
  // Listening at once: while the database is awaited, /api/health says alive and /api/ready not yet.
  let answer: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response> = startingAnswer;
  const server = serve({ fetch: (request, env) => answer(request, env), port: config.PORT, hostname: config.HOST });
  keepIdleConnections(server as Server);
  const waiting = new AbortController();
  const live: { runtime?: Runtime } = {};
  onStopSignal((signal) => stop(signal, { server: server as Server, runtime: live.runtime, waiting, log }));

  const runtime = (live.runtime = await startRuntime(config, log, waiting.signal).catch((error: unknown) => {
    // Stopped while waiting for the database: `stop` exits; this start simply never ends.
    if (waiting.signal.aborted) return new Promise<never>(() => {});
    throw error;
  }));
  answer = runtime.app.fetch;
  // `npm run backup` asks a running server for its embedded database's backup (db/backup-request.ts).
  if (runtime.pglite) answerBackupRequests(runtime.pglite, config.DATA_DIR, log);
  announce(runtime, config, log, started);
}

function startRuntime(config: Config, log: Logger, signal: AbortSignal) {
  // The bundle lives in dist/server; the SPA beside it in dist/web.
  const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web");
  return createRuntime({
    config,
    log,
    webRoot,
    startMailWorker: true,
    startHealthMonitor: true,
    startClientSummaries: true,
    startPlanWorker: true,
    startBillingJob: true,
    startDigestJob: true,
    startReportJob: true,
    startUploadSweep: true,
    startRunRetention: true,
    startChannelWorker: true,
    startConnectionSync: true,
    waitForDatabase: {
      signal,
      onWaiting: ({ attempt, delayMs, error }) =>
        log.warn(
          `waiting for the database (${error.message}); trying again in ${delayMs / 1000} s (attempt ${attempt})`,
        ),
    },
  });
}

function announce(runtime: Runtime, config: Config, log: Logger, started: number) {
  const where =
    runtime.databaseKind === "pglite" ? `embedded database in ${path.resolve(config.DATA_DIR)}` : "PostgreSQL";
  const mail = runtime.mailer.transport.kind === "smtp" ? "SMTP" : `the console and ${config.APP_URL}/dev/mailbox`;
  log.info(`Cogwork is running at ${config.APP_URL} (port ${config.PORT}) on the ${where}; mail goes to ${mail}.`);
  log.info(`ready in ${Math.round(performance.now() - started)} ms`);
  if (runtime.databaseKind === "pglite" && config.NODE_ENV !== "production") {
    isDatabaseEmpty(runtime.context())
      .then((empty) => {
        if (empty)
          log.info(
            "The database is empty. To explore the portal with demo data, stop the server and run `npm run seed:demo`.",
          );
      })
      .catch(() => {});
  }
}

function onStopSignal(stop: (signal: string) => Promise<void>) {
  let stopping = false;
  const once = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
  process.on("SIGINT", () => once("SIGINT"));
  process.on("SIGTERM", () => once("SIGTERM"));
}

/**
 * Not ready at once (a proxy stops sending), then the requests in flight are answered and the
 * jobs finish their pass, then the database closes; all within SHUTDOWN_LIMIT_MS, or exit anyway.
 */
async function stop(
  signal: string,
  { server, runtime, waiting, log }: { server: Server; runtime?: Runtime; waiting: AbortController; log: Logger },
) {
  const started = performance.now();
  log.info(`${signal} received: not ready any more; finishing the requests and jobs in flight`);
  const forced = setTimeout(() => {
    log.warn(`still busy ${SHUTDOWN_LIMIT_MS / 1000} s after ${signal}; exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  forced.unref();
  waiting.abort();
  try {
    if (runtime) runtime.readiness.stopping = true;
    await drainConnections(server);
    await runtime?.close();
    log.info(`stopped in ${Math.round(performance.now() - started)} ms`);
    process.exit(0);
  } catch (error) {
    log.error("shutdown failed", error);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    createLogger().error("Cogwork could not start", { err: error });
  }
  process.exit(1);
});
