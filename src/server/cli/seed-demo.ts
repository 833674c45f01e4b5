import { ConfigError, loadConfig, loadDotEnv } from "../config";
import { DataDirLockedError } from "../db/data-dir-lock";
import { createLogger } from "../lib/logger";
import { DEMO_STAFF_EMAIL, seedDemoOnce } from "../modules/demo";
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
    const started = performance.now();
    const outcome = await seedDemoOnce(runtime.context(), { log: (line) => console.log(line) });
    if (!outcome.seeded) {
      (outcome.state === "demo" ? console.log : console.error)(
        outcome.state === "demo"
          ? `The demo data is already in ${config.DATA_DIR}: nothing was changed. Sign in with the passwords printed the first time; to start over, stop the server and delete ${config.DATA_DIR}.`
          : `The database already has accounts, so seed:demo left it alone. To start over on the embedded database, stop the server and delete ${config.DATA_DIR}.`,
      );
      // A second run over its own demo succeeded at what it was asked: the demo is there.
      process.exitCode = outcome.state === "demo" ? 0 : 1;
      return;
    }
    console.log(
      `\nDemo data ready in ${Math.round((performance.now() - started) / 1000)} s: ${outcome.totalRuns.toLocaleString("en")} runs, ${outcome.stale} stale automation(s).`,
    );
    console.log(
      `Start the server with \`npm start\` and sign in at ${config.APP_URL}/secure-login with one of these (passwords shown once):\n`,
    );
    for (const account of outcome.accounts) {
      console.log(
        `  ${account.email.padEnd(24)} ${account.password}   ${account.role}${account.company ? ` of ${account.company}` : ""}`,
      );
    }
    console.log(
      `\n${DEMO_STAFF_EMAIL} is agency staff: staff need a second factor, so its first sign-in opens /account to set up an authenticator app (scan the QR code, type a code) before the staff area opens.`,
    );
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
