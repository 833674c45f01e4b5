// Starts the built server for the browser tests on a fresh embedded database, in this
// very process, so that Playwright's stop signal reaches the server and closes it cleanly.
import fs from "node:fs";
import path from "node:path";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import("../dist/server/index.js");
