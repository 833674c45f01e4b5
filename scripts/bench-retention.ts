/**
 * The run retention job at scale, on PostgreSQL (issue 30, ADR 0032): does deleting old runs
 * slow down the runs being reported? A scratch database gets 10,000,000 runs spread over the last
 * 90 days; the portal server (scripts/lib/portal-server.ts, its own process) runs with
 * RUN_RETENTION_DAYS=30, so two thirds of them are past retention. autocannon reports single runs
 * (POST /api/v1/runs, a new run each time) at 10 connections, first alone, then while the
 * server's retention passes run one after another in the server's process, as the job runs in
 * production. Goal: ingest p99 during the job within 2× of without. 50,000 tickets sit beside
 * them, a tenth about a run (a deleted run's link is set to null). The daily rollups are not
 * seeded for the old runs: the job never reads nor touches them.
 *
 * PostgreSQL only (the goal is set at 10 M runs; PGlite is skipped with a row saying so).
 * Not on the clients bench's seeded database: the job deletes two thirds of the runs and its
 * deletes must write the log and check the tickets' links, which that seed leaves out for speed.
 * BENCH_DATABASE_URL names the server (default: the local one); the scratch database is dropped
 * afterwards. BENCH_RETENTION_RUNS changes the number of runs, BENCH_SECONDS each load's length
 * (default 10). Skipped, with a message, when PostgreSQL cannot be reached.
 */
import os from "node:os";
import pg from "pg";
import { createScratchDatabase } from "../src/server/db/scratch-database";
import { dropKeysAndIndexes, postgresForBench } from "./lib/bench-postgres";
import { atMost, reportBenchRow, reportBenchSkip } from "./lib/bench-result";
import { startPortalServer } from "./lib/portal-server-process";
import { reportSingleRuns } from "./lib/single-run-load";
import { time } from "./lib/timing";

const RUNS = Number(process.env.BENCH_RETENTION_RUNS ?? 10_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RETENTION_DAYS = 30;
const SEEDED_DAYS = 90;
const CONNECTIONS = 10;
const GOAL_RATIO = 2;
const TICKETS = 50_000;
const SEED_GOAL_S = 300;

const load = () => os.loadavg()[0]!.toFixed(1);

/** The runs, spread evenly over the automations of the bench company and the last 90 days. */
async function seedRuns(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string) => client.query(text);
  try {
    await q("set maintenance_work_mem = '1GB'");
    const run = await dropKeysAndIndexes(q, "automation_run");
    const [, insertMs] = await time(() =>
      q(`insert into automation_run (automation_id, company_id, external_id, status, started_at, finished_at, minutes_saved)
        select a.id, a.company_id, 'old-' || g, 'success',
          now() - (g % ${SEEDED_DAYS * 1440}) * interval '1 minute' - interval '1 hour',
          now() - (g % ${SEEDED_DAYS * 1440}) * interval '1 minute' - interval '59 minutes', 5
        from generate_series(1, ${RUNS}) g
        join (select id, company_id, row_number() over (order by id) - 1 as n
              from automation where company_id = (select id from company where name = 'Bench Co')) a
          on a.n = g % (select count(*) from automation where company_id = (select id from company where name = 'Bench Co'))`),
    );
    const [, indexMs] = await time(async () => {
      await run.rebuild({ references: true }); // the tickets' links to runs: the job's deletes check them
      await q("vacuum analyze automation_run");
    });
    // Tickets about runs: every deleted run is looked for among them (the link is set to null).
    await q(`insert into ticket (company_id, subject, category, run_id)
      select r.company_id, 'About a run', 'broken_automation', r.id
      from (select company_id, id from automation_run tablesample system (1) limit ${TICKETS / 10}) r`);
    await q(`insert into ticket (company_id, subject, category)
      select (select id from company where name = 'Bench Co'), 'A question', 'other' from generate_series(1, ${(TICKETS * 9) / 10})`);
    await q("analyze ticket");
    const { rows } = await q(
      `select count(*)::int as past from automation_run where started_at < now() - interval '${RETENTION_DAYS} days'`,
    );
    reportBenchRow({
      bench: "retention",
      name: `seed: ${RUNS.toLocaleString("en")} runs, keys and indexes`,
      db: "postgres",
      figure: (insertMs + indexMs) / 1000,
      unit: "s",
      budget: atMost(SEED_GOAL_S),
    });
    console.log(
      `  ${RUNS.toLocaleString("en")} runs in ${(insertMs / 1000).toFixed(0)} s, keys and indexes in ${(indexMs / 1000).toFixed(0)} s; ` +
        `${Number(rows[0].past).toLocaleString("en")} past ${RETENTION_DAYS} days`,
    );
  } finally {
    await client.end();
  }
}

const reportRuns = (port: number, keys: string[], tag: string) =>
  reportSingleRuns(port, keys, tag, { connections: CONNECTIONS, seconds: SECONDS });

reportBenchSkip(
  "retention",
  "run retention beside ingest",
  "pglite",
  "the goal is set on PostgreSQL at 10,000,000 runs",
);
const postgres = await postgresForBench();
if ("reason" in postgres) {
  reportBenchSkip("retention", "run retention beside ingest", "postgres", postgres.reason);
  process.exit(0);
}
const scratch = await createScratchDatabase(postgres.url, "cogwork_bench_retention");
try {
  console.log(`\nRun retention on ${RUNS.toLocaleString("en")} runs (load average ${load()})`);
  const server = await startPortalServer(scratch.url, {
    BENCH_RUNS: "0",
    BENCH_RUN_RETENTION_DAYS: String(RETENTION_DAYS),
  });
  try {
    await seedRuns(scratch.url);
    await reportRuns(server.port, server.keys, "warm"); // warms the pool, the plans and the JIT
    const alone = await reportRuns(server.port, server.keys, "alone");
    const loadAlone = load();
    await server.ask("retention-start");
    const during = await reportRuns(server.port, server.keys, "during");
    const loadDuring = load();
    const [{ deleted }, stopMs] = await time(() => server.ask<{ deleted: number }>("retention-stop"));
    const ratio = during.p99 / alone.p99;
    const row = (label: string, figures: typeof alone, loadAverage: string) =>
      console.log(
        `  ${label.padEnd(28)} ${Math.round(figures.perSecond).toLocaleString("en").padStart(6)} req/s   ` +
          `p50 ${String(figures.p50).padStart(4)} ms   p99 ${String(figures.p99).padStart(4)} ms   (load ${loadAverage})`,
      );
    row("ingest alone", alone, loadAlone);
    row("ingest during retention", during, loadDuring);
    console.log(
      `  runs deleted meanwhile       ${deleted.toLocaleString("en")} (${Math.round(deleted / (SECONDS + stopMs / 1000)).toLocaleString("en")} a second)`,
    );
    const reported = { bench: "retention", db: "postgres" } as const;
    reportBenchRow({ ...reported, name: "Ingest p99 @10 conns, alone", figure: alone.p99, unit: "ms" });
    reportBenchRow({ ...reported, name: "Ingest p99 @10 conns, during retention", figure: during.p99, unit: "ms" });
    reportBenchRow({ ...reported, name: "Ingest during retention", figure: during.perSecond, unit: "req/s" });
    const { pass: ok } = reportBenchRow({
      ...reported,
      name: "Ingest p99 during retention / alone",
      figure: ratio,
      unit: "×",
      budget: atMost(GOAL_RATIO),
    });
    console.log(`  p99 during / alone           ${ratio.toFixed(2)}×   budget ≤ ${GOAL_RATIO}×   ${ok ? "✔" : "✘"}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await server.stop();
  }
} finally {
  await scratch.drop();
}
