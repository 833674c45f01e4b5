/**
 * The server the portal benchmark loads (scripts/bench-portal.ts), in a process of its own so that
 * the load generator does not share its event loop: the whole app over HTTP on 127.0.0.1, with
 * one client company holding BENCH_RUNS runs (default 1,000,000) over 90 days, a signed-in owner
 * of it and a signed-in member of staff. On PGlite in memory, or on the database BENCH_SERVER_DB_URL.
 * Started with an IPC channel (child_process.fork): sends { port, client, staff, keys } when ready
 * (the two session cookies and the keys of 50 automations of a second company), answers "queries" with the number
 * of statements sent so far, "ingest" with batched run-report throughput (batches of 500), and
 * "retention-start" / "retention-stop" with the run retention job passing in this process
 * (BENCH_RUN_RETENTION_DAYS sets the server's RUN_RETENTION_DAYS), then how many runs it deleted, and
 * "jobs-start" / "jobs-stop" likewise with the summary refresh, the billing cycle and the digest.
 */
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { createPasswordAccount } from "../../src/server/auth/staff-account";
import { loadConfig } from "../../src/server/config";
import { company, companyMember } from "../../src/server/db/schema/companies";
import { silentLogger } from "../../src/server/lib/logger";
import { createAutomation, issueIngestKey } from "../../src/server/modules/automations";
import { runBillingCycle } from "../../src/server/modules/billing";
import { refreshClientSummaries } from "../../src/server/modules/companies";
import { sendDueDigests } from "../../src/server/modules/digest";
import { deleteRunsPastRetention, rebuildDailyRollup } from "../../src/server/modules/ingest";
import { createRuntime } from "../../src/server/runtime";
import { setUpAuthenticator } from "../../src/server/test/authenticator";

const RUNS = Number(process.env.BENCH_RUNS ?? 1_000_000);
const AUTOMATIONS = 10;
const ORIGIN = "http://localhost:3000";
const PASSWORD = "bench-password";

const config = loadConfig({
  NODE_ENV: "test",
  APP_URL: ORIGIN,
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
  RATE_LIMIT: "off",
  INGEST_RATE_LIMIT_PER_MINUTE: "1000000",
  RUN_RETENTION_DAYS: process.env.BENCH_RUN_RETENTION_DAYS,
});
const url = process.env.BENCH_SERVER_DB_URL;
let statements = 0;
const runtime = await createRuntime({
  onQuery: () => void statements++,
  config,
  log: silentLogger,
  database: url ? { url } : { memory: true },
  transport: { kind: "console", send: async () => {}, close: () => {} },
  webRoot: process.env.BENCH_WEB_ROOT,
});
const db = runtime.db;

const staffEmail = "staff@bench.test";
const staffId = await createPasswordAccount(db, {
  email: staffEmail,
  name: "Staff",
  password: PASSWORD,
  role: "admin",
});
const clientId = await createPasswordAccount(db, {
  email: "owner@bench.test",
  name: "Owner",
  password: PASSWORD,
  role: "client",
});
const [c] = await db.insert(company).values({ name: "Bench Co" }).returning({ id: company.id });
const companyId = c!.id;
await db.insert(companyMember).values({ companyId, userId: clientId, role: "owner" });
const staffContext = runtime.context({
  actor: { id: staffId, email: staffEmail, name: "Staff", role: "admin", ip: null },
});
const perAutomation = Math.ceil(RUNS / AUTOMATIONS);
const ids: string[] = [];
for (let i = 0; i < AUTOMATIONS; i++) {
  const created = await createAutomation(staffContext, {
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
  await db.execute(sql`
    insert into automation_run (automation_id, company_id, external_id, status, started_at, finished_at, items_processed, minutes_saved, error_message)
    select ${created.id}::uuid, ${companyId}::uuid, 'bulk-' || g,
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

async function signIn(email: string): Promise<string> {
  const res = await runtime.app.request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`bench sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
const client = await signIn("owner@bench.test");
// Staff set up a second factor before the staff area opens to them (ADR 0027).
const staff = (
  await setUpAuthenticator(
    (path, json, cookie) =>
      runtime.app.request(`${ORIGIN}/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, cookie },
        body: JSON.stringify(json),
      }),
    await signIn(staffEmail),
    PASSWORD,
  )
).cookie;

// The run reports come from another company's 50 automations, a key each: at the default limit
// of 600 requests a minute per key, 500 requests a second take 50 automations reporting at once.
const [reporting] = await db.insert(company).values({ name: "Reporting Co" }).returning({ id: company.id });
const keys: string[] = [];
for (let i = 0; i < 50; i++) {
  const created = await createAutomation(staffContext, {
    companyId: reporting!.id,
    name: `Reporter ${i}`,
    purpose: "Benchmark",
    platform: "make",
    triggerDescription: "Every minute",
    expectedEveryMinutes: 60,
    minutesSavedPerRun: 5,
    status: "live",
    failureThreshold: 3,
  });
  keys.push((await issueIngestKey(staffContext, { companyId: reporting!.id, automationId: created.id })).key);
}
const key = keys[0]!;

/** Runs per second through POST /api/v1/runs/batch (500 a call, one call after another). */
async function batchedThroughput() {
  const post = (path: string, body: unknown) =>
    runtime.app.request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const run = (id: string) => ({ externalRunId: id, status: "success", startedAt: new Date().toISOString() });
  const tag = Date.now();
  const started = performance.now();
  const batches = 10;
  for (let b = 0; b < batches; b++) {
    const runs = Array.from({ length: 500 }, (_, i) => run(`b-${tag}-${b}-${i}`));
    if ((await post("/api/v1/runs/batch", { runs })).status !== 200) throw new Error("batch ingest failed");
  }
  return { batchedPerSecond: (batches * 500) / ((performance.now() - started) / 1000) };
}

/**
 * The run retention job's passes one after another in this process, as the job runs beside the
 * server's requests, until `stop` is called; how many runs they deleted.
 */
function retentionLoop() {
  let stopping = false;
  let deleted = 0;
  const done = (async () => {
    while (!stopping) {
      const count = await deleteRunsPastRetention(runtime.context());
      deleted += count;
      if (count === 0) break;
    }
    return deleted;
  })();
  return { stop: () => ((stopping = true), done) };
}
let retention: ReturnType<typeof retentionLoop> | undefined;

/**
 * The client figures refresh, the billing cycle and the weekly digest, one pass after another in
 * this process until `stop`, as their timers would run them beside the requests; how many passes.
 */
function jobsLoop() {
  let stopping = false;
  let passes = 0;
  const done = (async () => {
    while (!stopping) {
      await refreshClientSummaries(runtime.context());
      await runBillingCycle(runtime.context());
      await sendDueDigests(runtime.context());
      passes++;
    }
    return passes;
  })();
  return { stop: () => ((stopping = true), done) };
}
let jobs: ReturnType<typeof jobsLoop> | undefined;

const server = serve({ fetch: runtime.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.send?.({ type: "ready", port: info.port, client, staff, keys });
});
process.on("message", (message: string) => {
  if (message === "queries") process.send?.({ type: "queries", statements });
  if (message === "ingest")
    void batchedThroughput().then(
      (figures) => process.send?.({ type: "ingest", ...figures }),
      (error: unknown) => process.send?.({ type: "ingest", error: String(error) }),
    );
  if (message === "retention-start") {
    retention = retentionLoop();
    process.send?.({ type: "retention-started" });
  }
  if (message === "retention-stop")
    void retention?.stop().then((deleted) => process.send?.({ type: "retention", deleted }));
  if (message === "jobs-start") {
    jobs = jobsLoop();
    process.send?.({ type: "jobs-started" });
  }
  if (message === "jobs-stop") void jobs?.stop().then((passes) => process.send?.({ type: "jobs", passes }));
  if (message === "stop") {
    server.close();
    void runtime.close().then(() => process.exit(0));
  }
});
