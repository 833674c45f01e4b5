/**
 * The portal's budgets in one table, measured in one run (ARCHITECTURE.md, "Budgets"): the server
 * (scripts/lib/portal-server.ts) runs in a child process with 1,000,000 runs in one company, and
 * autocannon loads it with 10 connections. Rows: bare route, authenticated read and its ratio,
 * queries per warm authenticated request, dashboard (PGlite, and PostgreSQL when
 * BENCH_DATABASE_URL is set), GET /api/health while four clients upload 20 MB of files each
 * (scripts/lib/upload-load.ts), GET / idle and under a sign-in flood, ingest (single runs at 10
 * connections, and from 50 automations at once; batches of 500), bundle sizes.
 * BENCH_SECONDS sets each load's length (default 8). Needs a build for the page and bundle rows.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createScratchDatabase } from "../src/server/db/scratch-database";
import { firstScreenJsKb } from "./lib/first-screen-js";
import { startPortalServer } from "./lib/portal-server-process";
import { healthWhileUploading } from "./lib/upload-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const root = path.resolve(import.meta.dirname, "..");
const webRoot = path.join(root, "dist/web");
const built = fs.existsSync(path.join(webRoot, "index.html"));
type Row = [figure: string, value: string, budget: string, ok: boolean | null];
const rows: Row[] = [];
const num = (n: number) => Math.round(n).toLocaleString("en");

async function startServer(dbUrl?: string) {
  const server = await startPortalServer(dbUrl, { BENCH_WEB_ROOT: built ? webRoot : "" });
  stoppers.push(server.stop);
  return server;
}
const stoppers: (() => Promise<void>)[] = [];

function load(port: number, urlPath: string, cookie = "", options: Partial<autocannon.Options> = {}) {
  return autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections: 10,
    duration: SECONDS,
    headers: cookie ? { cookie } : {},
    ...options,
  });
}

/** POST /api/v1/runs over `connections`, each request a new run of the next automation in turn. */
async function reportSingleRuns(port: number, keys: string[], connections: number) {
  let n = 0;
  const tag = `${Date.now()}-${connections}`;
  const result = await load(port, "/api/v1/runs", "", {
    connections,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          const i = n++;
          const headers = { "content-type": "application/json", authorization: `Bearer ${keys[i % keys.length]}` };
          const run = { externalRunId: `load-${tag}-${i}`, status: "success", startedAt: new Date().toISOString() };
          return { ...req, headers: { ...req.headers, ...headers }, body: JSON.stringify(run) };
        },
      },
    ],
  });
  if (result.non2xx) throw new Error(`run reports answered ${result.non2xx} errors under load`);
  return result.requests.average;
}

async function portal(kind: string, dbUrl?: string) {
  const server = await startServer(dbUrl);
  const { port, client } = server;
  if (!dbUrl) {
    const bare = await load(port, "/api/health");
    const before = await server.ask<{ statements: number }>("queries");
    const me = await load(port, "/api/me", client);
    const after = await server.ask<{ statements: number }>("queries");
    const ratio = me.requests.average / bare.requests.average;
    const perRequest = (after.statements - before.statements) / me.requests.total;
    rows.push(["bare route GET /api/health", `${num(bare.requests.average)} req/s`, "—", null]);
    rows.push(["authenticated read GET /api/me", `${num(me.requests.average)} req/s`, "—", null]);
    rows.push(["  its share of the bare route", `${(ratio * 100).toFixed(0)} %`, "≥ 25 %", ratio >= 0.25]);
    rows.push(["  database queries per request (warm)", perRequest.toFixed(2), "≤ 1", perRequest <= 1]);
    if (me.non2xx || bare.non2xx) throw new Error("the API answered errors under load");
  }
  const dash = await load(port, "/api/dashboard", client);
  if (dash.non2xx) throw new Error("the dashboard answered errors under load");
  const d = dash.requests.average;
  rows.push([
    `dashboard, ${kind}, ${num(Number(process.env.BENCH_RUNS ?? 1_000_000))} runs`,
    `${num(d)} req/s`,
    "≥ 500 req/s",
    d >= 500,
  ]);
  rows.push([`  p99`, `${dash.latency.p99} ms`, "≤ 50 ms", dash.latency.p99 <= 50]);
  const uploads = await healthWhileUploading(port, client);
  rows.push([
    `GET /api/health p99 while 4 clients upload 20 MB each, ${kind}`,
    `${uploads.p99} ms`,
    "≤ 100 ms",
    uploads.p99 <= 100,
  ]);
  rows.push([
    `  slowest check (of ${uploads.checks}); the 4 uploads took`,
    `${uploads.max} ms; ${(uploads.uploadsMs / 1000).toFixed(1)} s`,
    "—",
    null,
  ]);
  const tenAtOnce = await reportSingleRuns(port, server.keys, 10);
  const fiftyAtOnce = await reportSingleRuns(port, server.keys, 50);
  const ingest = await server.ask<{ batchedPerSecond: number; error?: string }>("ingest");
  if (ingest.error) throw new Error(ingest.error);
  const onPg = kind === "PostgreSQL";
  rows.push([`ingest, single-run requests, 10 connections, ${kind}`, `${num(tenAtOnce)} req/s`, "—", null]);
  rows.push([
    `  50 automations reporting at once (50 connections)`,
    `${num(fiftyAtOnce)} req/s`,
    onPg ? "≥ 500 req/s" : "—",
    onPg ? fiftyAtOnce >= 500 : null,
  ]);
  rows.push([
    `ingest, batches of 500, ${kind}`,
    `${num(ingest.batchedPerSecond)} runs/s`,
    onPg ? "≥ 5,000 /s" : "—",
    onPg ? ingest.batchedPerSecond >= 5000 : null,
  ]);
  if (!dbUrl && built) {
    const idle = await load(port, "/");
    // Sign-ins from many addresses (as through a proxy), each a real scrypt check, alongside GET /.
    let n = 0;
    const flood = load(port, "/api/auth/sign-in/email", "", {
      connections: 20,
      requests: [
        {
          method: "POST",
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...req.headers,
              "content-type": "application/json",
              origin: "http://localhost:3000",
              "x-forwarded-for": `10.9.${(n >> 8) & 255}.${n++ & 255}`,
            },
            body: JSON.stringify({ email: "owner@bench.test", password: "bench-password" }),
          }),
        },
      ],
    });
    const busy = await load(port, "/");
    const flooded = await flood;
    const factor = busy.latency.p99 / Math.max(1, idle.latency.p99);
    rows.push(["GET / p99, idle", `${idle.latency.p99} ms`, "—", null]);
    rows.push([
      `GET / p99, under a sign-in flood (${num(flooded.requests.average)} sign-ins/s)`,
      `${busy.latency.p99} ms`,
      "≤ 5× idle",
      factor <= 5,
    ]);
  }
  await stoppers.pop()?.();
}

function bundleRows() {
  if (!built) return rows.push(["bundle sizes", "no build (npm run build)", "—", null]);
  const out = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "bench-bundle.ts")], {
    encoding: "utf8",
  });
  const pages = out.stdout
    .split("\n")
    .filter((line) => line.startsWith("/"))
    .map((line) => line.trim().split(/\s+/));
  const largest = Math.max(...pages.map((cells) => Number(cells[1]) + Number(cells[3]) + Number(cells[5])));
  rows.push([
    "marketing pages, largest (HTML + JS + CSS, gzip)",
    `${largest.toFixed(1)} kB`,
    "auth-free",
    out.status === 0,
  ]);
  const js = firstScreenJsKb(webRoot);
  rows.push(["signed-in first screen, JS gzip", `${js.toFixed(1)} kB`, "≤ 150 kB", js <= 150]);
}

const started = performance.now();
try {
  await portal("PGlite");
  if (process.env.BENCH_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL, "cogwork_bench");
    try {
      await portal("PostgreSQL", scratch.url);
    } finally {
      await scratch.drop();
    }
  } else rows.push(["dashboard on PostgreSQL", "set BENCH_DATABASE_URL", "—", null]);
  bundleRows();
} finally {
  for (const stop of stoppers) await stop();
}
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => String(row[i]).length), 8));
console.log(
  `\nPortal budgets (10 connections, ${SECONDS} s each; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; ${Math.round((performance.now() - started) / 1000)} s)`,
);
for (const [figure, value, budget, ok] of rows)
  console.log(
    `  ${figure.padEnd(widths[0]!)}  ${value.padStart(widths[1]!)}  ${budget.padEnd(widths[2]!)}  ${ok === null ? "" : ok ? "ok" : "OVER"}`,
  );
process.exit(rows.some((row) => row[3] === false) ? 1 : 0);
