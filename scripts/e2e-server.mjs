// Starts the built server for the browser tests on a fresh embedded database, in this
// very process, so that Playwright's stop signal reaches the server and closes it cleanly.
// Before that, the create-admin command makes the staff account the tests sign in with;
// its password is left in the data folder for the specs (see e2e/fixtures.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;

const staffEmail = "staff@cogwork.test";
const output = execFileSync(process.execPath, ["dist/server/create-admin.js", staffEmail, "--name", "E2E Staff"], {
  env: process.env,
  encoding: "utf8",
});
const password = output.match(/Password, shown this once: (\S+)/)?.[1];
if (!password) throw new Error(`create-admin printed no password:\n${output}`);
fs.writeFileSync(path.join(dataDir, "e2e-staff.json"), JSON.stringify({ email: staffEmail, password }));

await import("../dist/server/index.js");
