import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { ConfigError, loadConfig, loadDotEnv } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { routeEscapedErrors } from "./lib/escaped-errors";
import { createLogger } from "./lib/logger";
import { isDatabaseEmpty } from "./modules/demo";
import { createRuntime } from "./runtime";

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  routeEscapedErrors(log);
  const started = performance.now();
  // The bundle lives in dist/server; the SPA beside it in dist/web.
  const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web");
  const runtime = await createRuntime({
    config,
    log,
    webRoot,
    startMailWorker: true,
    startHealthMonitor: true,
    startClientSummaries: true,
    startPlanWorker: true,
    startBillingJob: true,
    startDigestJob: true,
    startUploadSweep: true,
    startChannelWorker: true,
  });

  const server = serve({ fetch: runtime.app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const where =
      runtime.databaseKind === "pglite" ? `embedded database in ${path.resolve(config.DATA_DIR)}` : "PostgreSQL";
    const mail = runtime.mailer.transport.kind === "smtp" ? "SMTP" : `the console and ${config.APP_URL}/dev/mailbox`;
    log.info(`Cogwork is running at ${config.APP_URL} (port ${info.port}) on the ${where}; mail goes to ${mail}.`);
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
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    server.close();
    runtime
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error("shutdown failed", error);
        process.exit(1);
      });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    createLogger().error("Cogwork could not start", { err: error });
  }
  process.exit(1);
});
