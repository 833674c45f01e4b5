// Starts the built server for the browser tests on a fresh embedded database, in this
// very process, so that Playwright's stop signal reaches the server and closes it cleanly.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;

// A staff account for the tests, made the way operators make one (the create-admin command).
if (process.env.E2E_STAFF_EMAIL && process.env.E2E_STAFF_PASSWORD) {
  const result = spawnSync(process.execPath, ["dist/server/cli/create-admin.js", process.env.E2E_STAFF_EMAIL, "--name", "E2E Staff"], {
    env: { ...process.env, CREATE_ADMIN_PASSWORD: process.env.E2E_STAFF_PASSWORD },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../dist/server/index.js");
