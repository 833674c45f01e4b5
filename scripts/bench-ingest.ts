/**
 * Single-run ingest on PostgreSQL at 10 connections (issue 31, goal 3; ADR 0036): the portal
 * server (scripts/lib/portal-server.ts) in its own process on a scratch database, autocannon
 * reporting single runs (POST /api/v1/runs) at 10 connections, first alone, then while the client
 * figures refresh, the billing cycle and the weekly digest run pass after pass in the server's
 * process. Goals: ≥ 1,500 requests/s alone; p99 during the jobs within 2× of without.
 *
 * BENCH_DATABASE_URL names the server (default: the local one); the scratch database is dropped
 * afterwards. BENCH_SECONDS sets each load's length (default 10). BENCH_SERVER_NODE_ARGS passes
 * Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof" for a CPU profile.
 * Skipped, with a message, when PostgreSQL cannot be reached.
 */
import os from "node:os";
import { createScratchDatabase } from "../src/server/db/scratch-database";
import { postgresForBench } from "./lib/bench-postgres";
import { atLeast, atMost, reportBenchRow, reportBenchSkip } from "./lib/bench-result";
import { startPortalServer } from "./lib/portal-server-process";
import { reportSingleRuns, type LoadFigures } from "./lib/single-run-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const GOAL_PER_SECOND = 1_500;
const GOAL_RATIO = 2;

const load = () => os.loadavg()[0]!.toFixed(1);

reportBenchSkip("ingest", "single-run ingest beside the jobs", "pglite", "the goal is set on PostgreSQL");
const postgres = await postgresForBench();
if ("reason" in postgres) {
  reportBenchSkip("ingest", "single-run ingest beside the jobs", "postgres", postgres.reason);
  process.exit(0);
}
const scratch = await createScratchDatabase(postgres.url, "cogwork_bench_ingest");
try {
  console.log(`\nSingle-run ingest on PostgreSQL at ${CONNECTIONS} connections (load average ${load()})`);
  // 100,000 runs already stored: the indexes the inserts maintain are not empty.
  const server = await startPortalServer(scratch.url, { BENCH_RUNS: "100000" });
  try {
    const reportRuns = (tag: string) =>
      reportSingleRuns(server.port, server.keys, tag, { connections: CONNECTIONS, seconds: SECONDS });
    await reportRuns("warm"); // warms the pool, the plans and the JIT
    const before = await server.ask<{ statements: number }>("queries");
    const alone = await reportRuns("alone");
    const after = await server.ask<{ statements: number }>("queries");
    const perReport = (after.statements - before.statements) / (alone.perSecond * SECONDS);
    const loadAlone = load();
    await server.ask("jobs-start");
    const during = await reportRuns("during");
    const loadDuring = load();
    const { passes } = await server.ask<{ passes: number }>("jobs-stop");
    const row = (label: string, figures: LoadFigures, loadAverage: string) =>
      console.log(
        `  ${label.padEnd(26)} ${Math.round(figures.perSecond).toLocaleString("en").padStart(6)} req/s   ` +
          `p50 ${String(figures.p50).padStart(4)} ms   p99 ${String(figures.p99).padStart(4)} ms   (load ${loadAverage})`,
      );
    row("ingest alone", alone, loadAlone);
    row("ingest during the jobs", during, loadDuring);
    console.log(`  statements per report      ${perReport.toFixed(2)} (alone)`);
    console.log(`  job passes meanwhile       ${passes} (summary refresh, billing cycle, digest each)`);
    const reported = { bench: "ingest", db: "postgres" } as const;
    const { pass: fastEnough } = reportBenchRow({
      ...reported,
      name: `Single-run ingest @${CONNECTIONS} conns, alone`,
      figure: alone.perSecond,
      unit: "req/s",
      budget: atLeast(GOAL_PER_SECOND),
    });
    reportBenchRow({ ...reported, name: `Ingest p99 @${CONNECTIONS} conns, alone`, figure: alone.p99, unit: "ms" });
    reportBenchRow({
      ...reported,
      name: `Ingest p99 @${CONNECTIONS} conns, during the jobs`,
      figure: during.p99,
      unit: "ms",
    });
    reportBenchRow({ ...reported, name: "Statements per single-run report", figure: perReport, unit: "" });
    const ratio = during.p99 / alone.p99;
    const { pass: steady } = reportBenchRow({
      ...reported,
      name: "Ingest p99 during the jobs / alone",
      figure: ratio,
      unit: "×",
      budget: atMost(GOAL_RATIO),
    });
    console.log(
      `  requests/s alone           ${Math.round(alone.perSecond).toLocaleString("en")}   budget ≥ ${GOAL_PER_SECOND.toLocaleString("en")}   ${fastEnough ? "✔" : "✘"}`,
    );
    console.log(`  p99 during / alone         ${ratio.toFixed(2)}×   budget ≤ ${GOAL_RATIO}×   ${steady ? "✔" : "✘"}`);
    if (!fastEnough || !steady) process.exitCode = 1;
  } finally {
    await server.stop();
  }
} finally {
  await scratch.drop();
}
