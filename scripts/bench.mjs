// Runs every scripts/bench-*.ts in turn (with tsx), so each benchmark lives in its own file.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((name) => /^bench-.+\.ts$/.test(name) && (!only || name.includes(only)))
  .sort();
if (files.length === 0) {
  console.error(only ? `No benchmark matches "${only}".` : "No scripts/bench-*.ts found.");
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(dir, file)], { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    failed++;
    console.error(`${file} failed (exit ${result.status ?? result.signal}).`);
  }
}
process.exit(failed ? 1 : 0);
