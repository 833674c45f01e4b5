/**
 * The agency dashboard's reads at the staff console's scale, on PostgreSQL: 10,000 client
 * companies, 30,000 automations, 10,000,000 runs over 90 days (with their daily rollup), 20,000
 * client accounts, 100,000 outbox messages and 5,000 leads, loaded in bulk by SQL.
 * PostgreSQL only (10 M runs; PGlite is skipped with a row saying so): BENCH_DATABASE_URL, default
 * the local server (a scratch database is created there and dropped afterwards).
 * Runs are inserted oldest first, as they arrive, so that a day's runs sit together on disk.
 * BENCH_RUNS overrides the number of runs; BENCH_EXPLAIN=1 prints the plans of the run queries;
 * BENCH_KEEP=1 keeps the scratch database (its address is printed) and BENCH_LOADED_DATABASE_URL
 * measures such a kept database again without loading it.
 */
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { createScratchDatabase } from "../src/server/db/scratch-database";
import { silentLogger } from "../src/server/lib/logger";
import { getAdminOverview, listAttentionAutomations, listEmails } from "../src/server/modules/admin";
import { listLeads } from "../src/server/modules/leads";
import { createRuntime } from "../src/server/runtime";
import { daysAgo } from "../src/shared/days";
import { openBulkLoad, postgresForBench, type BulkLoad, type Query } from "./lib/bench-postgres";
import { atMost, reportBenchRow, reportBenchSkip } from "./lib/bench-result";
import { repeat, time } from "./lib/timing";
import type { Database } from "../src/server/db/client";

const COMPANIES = 10_000;
const AUTOMATIONS_PER_COMPANY = 3;
const TOTAL_RUNS = Number(process.env.BENCH_RUNS ?? 10_000_000);
const SEED_GOAL_S = 300;

/**
 * Everything in bulk: no service is involved, only the tables the dashboard reads. On a session of
 * its own (`openBulkLoad`, as the clients bench seeds): no row-by-row foreign key checks, the run
 * tables unlogged and their keys and indexes built once after the load, each in one sorted pass
 * (maintained row by row, 10 M runs took over 17 minutes at a load average of 15; with them dropped
 * but the checks and the write-ahead log kept, 409–485 s).
 */
async function load(url: string) {
  const automations = COMPANIES * AUTOMATIONS_PER_COMPANY;
  const perAutomation = Math.ceil(TOTAL_RUNS / automations);
  const { q, withoutKeys, end } = await openBulkLoad(url);
  try {
    await fill(q, perAutomation, withoutKeys);
  } finally {
    await end();
  }
}

/** A step of the load, its time printed. */
async function step<T>(label: string, fn: () => Promise<T>) {
  const [value, ms] = await time(fn);
  console.log(`    ${label.padEnd(41)} ${(ms / 1000).toFixed(1)} s`);
  return value;
}

async function fill(q: Query, perAutomation: number, withoutKeys: BulkLoad["withoutKeys"]) {
  await q(`
    insert into company (name, created_at)
    select 'Client ' || g, now() - g * interval '1 hour'
    from generate_series(1, ${COMPANIES}) g`);
  // A company's status follows its books (ADR 0031): trial, active, past due, canceled; a tenth never subscribed.
  await q(`
    insert into pricing_plan (slug, name, monthly_price_minor, yearly_price_minor, included_automations,
      monthly_run_allowance, support_level)
    values ('bench-growth', 'Growth', 49000, 490000, 10, 100000, 'email') on conflict (slug) do nothing`);
  await q(`
    insert into subscription (company_id, plan_id, status, interval, current_period_start, current_period_end)
    select c.id, p.id, (array['trialing','active','active','past_due','canceled'])[c.rn % 5 + 1],
      'monthly', now() - interval '10 days', now() + interval '20 days'
    from (select id, row_number() over (order by id) as rn from company) c, pricing_plan p
    where p.slug = 'bench-growth' and c.rn % 10 <> 0`);
  await q(`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select 'u' || g, 'Client ' || g, 'client' || g || '@bench.test', g % 10 <> 0, 'client',
      now() - (g % 365) * interval '1 day', now()
    from generate_series(1, ${COMPANIES * 2}) g`);
  // 1% failing (an open incident), 1% stale, 5% paused; the rest live and well.
  await q(`
    insert into automation (company_id, name, purpose, platform, trigger_description, expected_every_minutes,
      minutes_saved_per_run, status, consecutive_failures, stale_since, last_run_at, last_run_status, live_since)
    select c.id, 'Automation ' || n, 'Benchmark', 'n8n', 'Every few hours', 360, 5,
      case when (c.rn * 3 + n) % 20 = 7 then 'paused' else 'live' end,
      case when (c.rn * 3 + n) % 100 = 1 then 5 else 0 end,
      case when (c.rn * 3 + n) % 100 = 2 then now() - interval '3 hours' end,
      now() - interval '10 minutes', 'success', now() - interval '90 days'
    from (select id, row_number() over (order by id) as rn from company) c, generate_series(1, ${AUTOMATIONS_PER_COMPANY}) n`);
  await q(`
    insert into automation_incident (automation_id, kind, opened_at)
    select id, 'failing', now() - interval '2 hours' from automation where consecutive_failures >= failure_threshold`);
  const runTables = await withoutKeys("automation_run", "automation_run_daily");
  await step(`${TOTAL_RUNS.toLocaleString("en")} runs, oldest first`, () =>
    q(`
    insert into automation_run (automation_id, company_id, external_id, status, started_at, items_processed, minutes_saved, error_message)
    select a.id, a.company_id, 'r' || g,
      case when g % 29 = 0 then 'failed' when g % 53 = 0 then 'skipped' else 'success' end,
      now() - (g * interval '90 days' / ${perAutomation}) - (a.rn % 360) * interval '1 minute',
      g % 17, 5, case when g % 29 = 0 then 'The supplier portal did not answer.' end
    from (select id, company_id, row_number() over (order by id) as rn from automation) a,
      generate_series(1, ${perAutomation}) g
    order by g desc`),
  );
  await step("their daily rollup", () =>
    q(`
    insert into automation_run_daily (automation_id, company_id, day, success, failed, running, skipped, minutes_saved, items_processed)
    select automation_id, company_id, (started_at at time zone 'UTC')::date,
      count(*) filter (where status = 'success'), count(*) filter (where status = 'failed'),
      count(*) filter (where status = 'running'), count(*) filter (where status = 'skipped'),
      sum(minutes_saved), sum(items_processed)
    from automation_run group by 1, 2, 3`),
  );
  await step("keys and indexes rebuilt", () => runTables.rebuild());
  // What the clients table's refresher writes every minute: each company's last 7 days.
  await q(`
    insert into client_summary (company_id, runs_7d, failed_7d)
    select c.id, coalesce(sum(d.success + d.failed), 0), coalesce(sum(d.failed), 0)
    from company c left join automation_run_daily d
      on d.company_id = c.id and d.day > (now() at time zone 'UTC')::date - 7
    group by c.id`);
  await q(`
    insert into mail_outbox ("to", subject, text, html, kind, status, attempts, created_at)
    select 'p' || g || '@bench.test', 'Hello', '-', '-', 'confirm-email',
      case when g % 500 = 0 then 'failed' else 'sent' end, 1, now() - g * interval '1 minute'
    from generate_series(1, 100000) g`);
  await q(`
    insert into contact_lead (name, email, company, message, status, created_at)
    select 'Lead ' || g, 'lead' || g || '@bench.test', 'Company ' || g, 'We retype invoices every Friday.',
      case when g % 100 = 0 then 'new' else 'lost' end, now() - g * interval '1 hour'
    from generate_series(1, 5000) g`);
  await step("analyze", () => q(`analyze`));
}

async function bench(url: string, { loaded = false } = {}) {
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: "http://localhost:3000",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
  });
  const runtime = await createRuntime({
    config,
    log: silentLogger,
    database: { url },
    transport: { kind: "console", send: async () => {}, close: () => {} },
  });
  const db: Database = runtime.db;
  const timed = async (label: string, fn: () => Promise<unknown>) => {
    const { p95 } = await repeat(label, 20, fn);
    reportBenchRow({ bench: "admin", name: `${label}, p95`, db: "postgres", figure: p95, unit: "ms" });
  };
  try {
    if (!loaded) {
      const [, loadMs] = await time(() => load(url));
      console.log(`  bulk load                                    ${(loadMs / 1000).toFixed(1)} s`);
      reportBenchRow({
        bench: "admin",
        name: `seed: ${COMPANIES.toLocaleString("en")} companies, ${TOTAL_RUNS.toLocaleString("en")} runs (bulk load)`,
        db: "postgres",
        figure: loadMs / 1000,
        unit: "s",
        budget: atMost(SEED_GOAL_S),
      });
    }
    const overview = await getAdminOverview(runtime.context());
    console.log(`  figures: ${JSON.stringify({ ...overview, runs: undefined })}`);
    console.log(`  runs: ${JSON.stringify(overview.runs)}`);
    await timed("agency overview (every tile)", () => getAdminOverview(runtime.context()));
    await timed("failing automations, page 1", () =>
      listAttentionAutomations(runtime.context(), { kind: "failing", page: 1 }),
    );
    await timed("stale automations, page 1", () =>
      listAttentionAutomations(runtime.context(), { kind: "stale", page: 1 }),
    );
    await timed("undelivered emails, page 1", () => listEmails(runtime.context(), { status: "failed", page: 1 }));
    await timed("leads, status new, page 1", () => listLeads(runtime.context(), { status: "new", page: 1 }));
    await timed("leads, search, page 1", () => listLeads(runtime.context(), { q: "invoices", page: 3 }));
    if (process.env.BENCH_EXPLAIN === "1") {
      for (const statement of [
        sql`explain analyze select count(*), count(*) filter (where status = 'success') from automation_run where started_at >= now() - interval '1 day'`,
        sql`explain analyze select sum(success), sum(failed) from automation_run_daily where day >= ${daysAgo(new Date(), 6)}`,
      ]) {
        const result = (await db.execute(statement)) as unknown as { rows: { "QUERY PLAN": string }[] };
        console.log(result.rows.map((row) => `    ${row["QUERY PLAN"]}`).join("\n"));
      }
    }
  } finally {
    await runtime.close();
  }
}

const loadedUrl = process.env.BENCH_LOADED_DATABASE_URL;
reportBenchSkip("admin", "agency dashboard", "pglite", "measured on PostgreSQL only, at 10,000,000 runs");
const postgres = loadedUrl ? { url: loadedUrl } : await postgresForBench();
if (loadedUrl) {
  console.log("Agency dashboard benchmark, on a database loaded before\n\nPostgreSQL");
  await bench(loadedUrl, { loaded: true });
} else if ("reason" in postgres) {
  reportBenchSkip("admin", "agency dashboard", "postgres", postgres.reason);
} else {
  console.log(
    `Agency dashboard benchmark: ${COMPANIES.toLocaleString("en")} companies, ` +
      `${(COMPANIES * AUTOMATIONS_PER_COMPANY).toLocaleString("en")} automations, ${TOTAL_RUNS.toLocaleString("en")} runs (90 days)\n\nPostgreSQL`,
  );
  const scratch = await createScratchDatabase(postgres.url, "cogwork_bench");
  try {
    await bench(scratch.url);
  } finally {
    if (process.env.BENCH_KEEP === "1") console.log(`\nKept ${scratch.url}`);
    else await scratch.drop();
  }
}
