/**
 * Run reporting and dashboard figures under load:
 *   - ingest throughput through the HTTP layer (single runs, and batches of 500);
 *   - dashboard, list and run-history read times with 1,000,000 runs in one company.
 * On PGlite (in memory) always; on PostgreSQL too when one can be reached (BENCH_DATABASE_URL,
 * default the local server; a scratch database is created there and dropped afterwards).
 * No budget applies to these figures (they are reported for scale; the dashboard's is in bench-dashboard).
 * BENCH_RUNS overrides the number of runs (default 1,000,000); BENCH_SKIP_PGLITE=1 runs PostgreSQL only.
 */
import { randomUUID } from "node:crypto";
import { count, sql } from "drizzle-orm";
import { createPasswordAccount } from "../src/server/auth/staff-account";
import { loadConfig } from "../src/server/config";
import { automationRun } from "../src/server/db/schema/automations";
import { company } from "../src/server/db/schema/companies";
import { createScratchDatabase } from "../src/server/db/scratch-database";
import { silentLogger } from "../src/server/lib/logger";
import {
  createAutomation,
  getAutomation,
  issueIngestKey,
  listAutomations,
  listRuns,
} from "../src/server/modules/automations";
import { getDashboard } from "../src/server/modules/dashboard";
import { rebuildDailyRollup } from "../src/server/modules/ingest";
import { createRuntime } from "../src/server/runtime";
import { postgresForBench } from "./lib/bench-postgres";
import { reportBenchRow, reportBenchSkip } from "./lib/bench-result";
import { repeat, time } from "./lib/timing";
import type { BenchDatabase } from "./lib/bench-result";
import type { Database } from "../src/server/db/client";

const TOTAL_RUNS = Number(process.env.BENCH_RUNS ?? 1_000_000);
const AUTOMATIONS = 10;

async function bench(kind: string, database: { memory: true } | { url: string }) {
  console.log(`\n${kind}`);
  const benchDb: BenchDatabase = "memory" in database ? "pglite" : "postgres";
  const report = (name: string, figure: number, unit: string) =>
    reportBenchRow({ bench: "automations", name, db: benchDb, figure, unit });
  const timed = async (label: string, fn: () => Promise<unknown>) =>
    report(`${label}, p95`, (await repeat(label, 20, fn)).p95, "ms");
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: "http://localhost:3000",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
    INGEST_RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const runtime = await createRuntime({
    config,
    log: silentLogger,
    database,
    transport: { kind: "console", send: async () => {}, close: () => {} },
  });
  const db: Database = runtime.db;
  try {
    const staffEmail = `staff-${randomUUID()}@bench.test`;
    const staffId = await createPasswordAccount(db, {
      email: staffEmail,
      name: "Bench",
      password: "bench-password",
      role: "admin",
    });
    const [c] = await db.insert(company).values({ name: "Bench Co" }).returning({ id: company.id });
    const companyId = c!.id;
    const staff = runtime.context({
      actor: { id: staffId, email: staffEmail, name: "Bench", role: "admin", ip: null },
    });
    const ids: string[] = [];
    for (let i = 0; i < AUTOMATIONS; i++) {
      const created = await createAutomation(staff, {
        companyId,
        name: `Automation ${i}`,
        purpose: "Benchmark",
        platform: "n8n",
        triggerDescription: "Every minute",
        expectedEveryMinutes: 60,
        minutesSavedPerRun: 5,
        status: "live",
        failureThreshold: 3,
      });
      ids.push(created.id);
    }
    const { key } = await issueIngestKey(staff, { companyId, automationId: ids[0]! });
    const post = (path: string, body: unknown) =>
      runtime.app.request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const run = (id: string, status = "success") => ({
      externalRunId: id,
      status,
      startedAt: new Date(Date.now() - Math.random() * 86_400_000).toISOString(),
      itemsProcessed: 3,
    });

    // Single runs, sequential and 8 in flight.
    const single = 1000;
    const [, seqMs] = await time(async () => {
      for (let i = 0; i < single; i++)
        if ((await post("/api/v1/runs", run(`s-${i}`))).status !== 201) throw new Error("single ingest failed");
    });
    console.log(
      `  ingest, single runs, sequential              ${Math.round((single / seqMs) * 1000).toLocaleString("en")} runs/s`,
    );
    report("ingest in process, single runs, sequential", (single / seqMs) * 1000, "runs/s");
    const [, parMs] = await time(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < single) {
            const i = next++;
            if ((await post("/api/v1/runs", run(`p-${i}`))).status !== 201) throw new Error("parallel ingest failed");
          }
        }),
      );
    });
    console.log(
      `  ingest, single runs, 8 in flight             ${Math.round((single / parMs) * 1000).toLocaleString("en")} runs/s`,
    );
    report("ingest in process, single runs, 8 in flight", (single / parMs) * 1000, "runs/s");
    const batches = 20;
    const [, batchMs] = await time(async () => {
      for (let b = 0; b < batches; b++) {
        const res = await post("/api/v1/runs/batch", {
          runs: Array.from({ length: 500 }, (_, i) => run(`b-${b}-${i}`, i % 25 === 0 ? "failed" : "success")),
        });
        if (res.status !== 200) throw new Error("batch ingest failed");
      }
    });
    console.log(
      `  ingest, batches of 500                       ${Math.round(((batches * 500) / batchMs) * 1000).toLocaleString("en")} runs/s`,
    );
    report("ingest in process, batches of 500", ((batches * 500) / batchMs) * 1000, "runs/s");

    // Bulk-load the rest up to TOTAL_RUNS over 90 days, spread over the automations.
    const perAutomation = Math.ceil((TOTAL_RUNS - single * 2 - batches * 500) / AUTOMATIONS);
    const [, loadMs] = await time(async () => {
      for (const id of ids) {
        await db.execute(sql`
          insert into automation_run (automation_id, company_id, external_id, status, started_at, finished_at, items_processed, minutes_saved, error_message)
          select ${id}::uuid, ${companyId}::uuid, 'bulk-' || g,
            case when g % 29 = 0 then 'failed' when g % 53 = 0 then 'skipped' else 'success' end,
            now() - (g * interval '90 days' / ${perAutomation}),
            now() - (g * interval '90 days' / ${perAutomation}) + interval '40 seconds',
            g % 17,
            case when g % 29 = 0 or g % 53 = 0 then 0 else 5 end,
            case when g % 29 = 0 then 'The supplier portal did not answer.' end
          from generate_series(1, ${perAutomation}) as g`);
      }
      await rebuildDailyRollup(db, companyId);
      await db.execute(sql`analyze`);
    });
    const [counted] = await db.select({ n: count() }).from(automationRun);
    const total = counted?.n ?? 0;
    console.log(
      `  bulk load + rollup rebuild                   ${(loadMs / 1000).toFixed(1)} s (${Number(total).toLocaleString("en")} runs in the company)`,
    );
    report(`bulk load + rollup rebuild, ${Number(total).toLocaleString("en")} runs`, loadMs / 1000, "s");

    const viewer = { id: staffId, email: staffEmail, name: "Bench", role: "client", ip: null };
    const scope = { all: false as const, companyId };
    const ctx = () => runtime.context({ actor: viewer, scope });
    await timed("dashboard (all figures, one company)", () => getDashboard(ctx(), { emailVerified: true }));
    await timed("automation list with figures", () => listAutomations(ctx()));
    await timed("automation detail", () => getAutomation(ctx(), { id: ids[1]! }));
    await timed("run history, newest page", () => listRuns(ctx(), { id: ids[1]! }));
    // 19 pages older by keyset, then the 20th measured: it costs what the first does.
    let before: string | undefined;
    for (let p = 1; p < 20; p++)
      before = (await listRuns(ctx(), { id: ids[1]!, status: "failed", before })).olderCursor ?? undefined;
    await timed("run history, failed only, page 20", () => listRuns(ctx(), { id: ids[1]!, status: "failed", before }));
  } finally {
    await runtime.close();
  }
}

async function withScratchDatabase(serverUrl: string, fn: (url: string) => Promise<void>) {
  const scratch = await createScratchDatabase(serverUrl, "cogwork_bench");
  try {
    await fn(scratch.url);
  } finally {
    await scratch.drop();
  }
}

console.log(
  `Automations benchmark: ${TOTAL_RUNS.toLocaleString("en")} runs in one company (${AUTOMATIONS} automations, 90 days)`,
);
if (process.env.BENCH_SKIP_PGLITE !== "1") await bench("PGlite (in memory)", { memory: true });
else reportBenchSkip("automations", "every figure", "pglite", "BENCH_SKIP_PGLITE=1");
const postgres = await postgresForBench();
if ("url" in postgres) await withScratchDatabase(postgres.url, (url) => bench("PostgreSQL", { url }));
else reportBenchSkip("automations", "every figure", "postgres", postgres.reason);
