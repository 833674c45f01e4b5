// `npm run bench`: runs every scripts/bench-*.{ts,mjs,js} in turn (TypeScript through tsx),
// after a build; exits non-zero when any of them fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const benches = fs
  .readdirSync(dir)
  .filter((file) => /^bench-.+\.(ts|mjs|js)$/.test(file))
  .sort();
const tsx = path.resolve(dir, "../node_modules/.bin/tsx");
let failed = 0;
for (const file of benches) {
  console.log(`\n▶ ${file}`);
  const runner = file.endsWith(".ts") ? tsx : process.execPath;
  const result = spawnSync(runner, [path.join(dir, file), ...process.argv.slice(2)], { stdio: "inherit" });
  if (result.status !== 0) {
    failed++;
    console.error(`✘ ${file} failed (exit ${result.status ?? result.signal})`);
  }
}
console.log(`\n${benches.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
