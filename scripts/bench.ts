// `npm run bench`: the budgets table (scripts/bench-portal.ts), in under ten minutes;
// `npm run bench -- all` runs every scripts/bench-*.{ts,mjs,js} in turn (TypeScript through tsx);
// `npm run bench -- automations` runs only those whose name contains "automations" (several names: each).
// Each bench's output goes through to the terminal; the figures it reports as `BENCH-RESULT` lines
// (scripts/lib/bench-result.ts) are gathered into one table at the end, also written in Markdown
// to .tmp/bench-results.md (`--markdown` prints it too). Exits non-zero when any figure is over
// its budget or any bench crashed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { collectRows, formatMarkdown, formatTable, parseBenchLine } from "./lib/bench-result";
import type { BenchOutcome, BenchRow } from "./lib/bench-result";

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const markdown = args.includes("--markdown");
const names = args.filter((arg) => !arg.startsWith("--"));
const only = names.includes("all") ? [] : names.length ? names : ["portal"];
const benches = fs
  .readdirSync(dir)
  .filter((file) => /^bench-.+\.(ts|mjs|js)$/.test(file) && (!only.length || only.some((name) => file.includes(name))))
  .sort();
if (benches.length === 0) {
  console.error(only.length ? `No benchmark matches "${only.join('", "')}".` : "No scripts/bench-* found.");
  process.exit(1);
}

/** Runs one bench with its stdout passed through line by line; its rows and how it ended. */
function runBench(file: string): Promise<BenchOutcome> {
  const bench = file.replace(/^bench-/, "").replace(/\.(ts|mjs|js)$/, "");
  const nodeArgs = file.endsWith(".ts") ? ["--import", "tsx", path.join(dir, file)] : [path.join(dir, file)];
  const child = spawn(process.execPath, nodeArgs, { stdio: ["inherit", "pipe", "inherit"], env: process.env });
  const rows: BenchRow[] = [];
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    process.stdout.write(`${line}\n`);
    try {
      const row = parseBenchLine(line);
      if (row) rows.push(row);
    } catch (error) {
      console.error(`✘ ${file}: ${(error as Error).message}`);
    }
  });
  return new Promise((resolve) => child.on("close", (exitCode, signal) => resolve({ bench, rows, exitCode, signal })));
}

const started = performance.now();
const outcomes: BenchOutcome[] = [];
for (const file of benches) {
  console.log(`\n▶ ${file}`);
  const outcome = await runBench(file);
  if (outcome.exitCode !== 0) console.error(`✘ ${file} failed (exit ${outcome.exitCode ?? outcome.signal})`);
  outcomes.push(outcome);
}
const rows = collectRows(outcomes);
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
const machine = `load average ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" ")} on ${os.cpus().length} cores, ${minutes} min`;
console.log(`\nEvery figure (${benches.length} bench${benches.length === 1 ? "" : "es"}; ${machine})\n`);
console.log(formatTable(rows));
const file = path.resolve(dir, "../.tmp/bench-results.md");
const md = `${formatMarkdown(rows)}\n\n(${new Date().toISOString()}, ${machine})\n`;
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, md);
console.log(`\nIn Markdown: ${path.relative(process.cwd(), file)}`);
if (markdown) console.log(`\n${md}`);
process.exit(rows.some((row) => row.pass === false) ? 1 : 0);
