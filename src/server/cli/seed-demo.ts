import { ConfigError, loadConfig, loadDotEnv } from "../config";
import { DataDirLockedError } from "../db/data-dir-lock";
import { createLogger } from "../lib/logger";
import { isDatabaseEmpty, seedDemo } from "../modules/demo";
import { createRuntime } from "../runtime";

/** npm run seed:demo — fills an empty database with demo data and prints how to sign in. */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  if (config.NODE_ENV === "production") {
    console.error("seed:demo refuses to run with NODE_ENV=production: demo accounts do not belong in a live portal.");
    process.exit(2);
  }
  const log = createLogger("warn");
  // Takes the data folder's lock: fails with a clear message while the server runs on it.
  const runtime = await createRuntime({ config, log });
  try {
    if (!(await isDatabaseEmpty(runtime.context()))) {
      console.error(
        `The database already has accounts, so seed:demo left it alone. To start over on the embedded database, stop the server and delete ${config.DATA_DIR}.`,
      );
      process.exitCode = 1;
      return;
    }
    console.log("Filling the database with demo data…");
    const started = performance.now();
    const result = await seedDemo(runtime.context(), { log: (line) => console.log(line) });
    console.log(
      `\nDemo data ready in ${Math.round((performance.now() - started) / 1000)} s: ${result.totalRuns.toLocaleString("en")} runs, ${result.stale} stale automation(s).`,
    );
    console.log(
      `Start the server with \`npm start\` and sign in at ${config.APP_URL}/secure-login with one of these (passwords shown once):\n`,
    );
    for (const account of result.accounts) {
      console.log(
        `  ${account.email.padEnd(24)} ${account.password}   ${account.role}${account.company ? ` of ${account.company}` : ""}`,
      );
    }
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
