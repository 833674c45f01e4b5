// `npm run bench`: the budgets table (scripts/bench-portal.ts), in under ten minutes;
// `npm run bench -- all` runs every scripts/bench-*.{ts,mjs,js} in turn (TypeScript through tsx);
// `npm run bench -- automations` runs only those whose name contains "automations".
// Exits non-zero when any of them fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const only = process.argv[2] === "all" ? undefined : (process.argv[2] ?? "portal");
const benches = fs
  .readdirSync(dir)
  .filter((file) => /^bench-.+\.(ts|mjs|js)$/.test(file) && (!only || file.includes(only)))
  .sort();
if (benches.length === 0) {
  console.error(only ? `No benchmark matches "${only}".` : "No scripts/bench-* found.");
  process.exit(1);
}
let failed = 0;
for (const file of benches) {
  console.log(`\n▶ ${file}`);
  const args = file.endsWith(".ts") ? ["--import", "tsx", path.join(dir, file)] : [path.join(dir, file)];
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    failed++;
    console.error(`✘ ${file} failed (exit ${result.status ?? result.signal})`);
  }
}
console.log(`\n${benches.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
