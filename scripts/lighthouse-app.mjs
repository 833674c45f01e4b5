// Lighthouse (mobile preset, simulated throttling) on the signed-in first screens, /secure-dashboard
// and /my-automations, for a client signed in through the real sign-in form; 3 runs a page
// (LH_RUNS), medians of performance, LCP, TBT and CLS, the JavaScript of the screen's first
// download (the app's entry and the route chunk with their static imports, gzip -9: the budget
// row's measure, checked against what the browser loaded) and all the JavaScript it loaded
// (parts loaded afterwards included, as transferred). Fails (exit 1) when a page scores under 95
// or its first download is over 150 kB of gzip JS. Prints a `BENCH-RESULT {json}` line
// per figure for the bench table (scripts/bench-lighthouse-app.mjs runs this for `npm run bench`).
//
// Needs a build (`npm run build`); builds nothing. Without an argument it seeds the demo data into
// a fresh embedded database in a temporary folder, starts the built server there on a free port,
// signs in as the demo's first client owner, measures, and stops the server. With an origin
// (`npm run lighthouse:app -- http://localhost:3000`) it measures that running server instead,
// signing in with LH_EMAIL and LH_PASSWORD (a client account of that server).
//
// Pages are loaded under a public hostname (LH_HOST, default www.cogwork.test, mapped to the
// server by Chromium) as production serves them. Lighthouse's storage reset clears the HTTP cache
// before each run (a cold load) but not cookies, so the session the form set stays signed in.
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { chromiumPath } from "./chromium-path.mjs";

const PAGES = ["/secure-dashboard", "/my-automations"];
const PERFORMANCE_BUDGET = 95;
const JS_BUDGET_KB = 150;
const runs = Number(process.env.LH_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, "..");
const webRoot = path.join(root, "dist/web");
const publicHost = process.env.LH_HOST ?? "www.cogwork.test";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The built server on a fresh embedded database with the demo data; resolves with its origin, account and stop. */
async function startSeededServer() {
  if (!fs.existsSync(path.join(root, "dist/server/index.js")) || !fs.existsSync(path.join(webRoot, "index.html"))) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-lighthouse-"));
  const host = publicHost || "localhost";
  const env = {
    ...process.env,
    NODE_ENV: "development",
    DATA_DIR: path.join(dir, "data"),
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://${host}:${port}`,
    LOG_LEVEL: "warn",
  };
  const seeded = execFileSync(process.execPath, [path.join(root, "dist/server/seed-demo.js")], {
    env,
    encoding: "utf8",
  });
  const owner = seeded.match(/^\s+(\S+@\S+)\s+(\S+)\s+owner of /m);
  if (!owner) throw new Error(`seed:demo printed no client owner:\n${seeded}`);
  const server = spawn(process.execPath, [path.join(root, "dist/server/index.js")], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`http://127.0.0.1:${port}`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server: new URL(`http://127.0.0.1:${port}`), account: { email: owner[1], password: owner[2] }, stop };
}

async function waitUntilReady(origin, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    const ready = await fetch(`${origin}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin}/api/ready did not answer within 2 minutes`);
}

/** Signs in through the sign-in form, as a person does, and waits for the dashboard. */
async function signInThroughForm(page, origin, { email, password }) {
  await page.goto(`${origin}/secure-login`, { waitUntil: "networkidle0" });
  await page.locator('::-p-aria([name="Email"][role="textbox"])').fill(email);
  await page.locator('::-p-aria([name="Password"][role="textbox"])').fill(password);
  await Promise.all([
    page.waitForFunction(() => location.pathname === "/secure-dashboard", { timeout: 30_000 }),
    page.locator('::-p-aria([name="Sign in"][role="button"])').click(),
  ]);
  const cookies = await page.browser().cookies();
  if (!cookies.some((cookie) => cookie.name.endsWith("session_token")))
    throw new Error(`signing in as ${email} set no session cookie`);
}

const gzipKb = (file) => gzipSync(fs.readFileSync(path.join(webRoot, file)), { level: 9 }).length / 1024;

/**
 * The screen's first download, as the budget row of scripts/bench-portal.ts counts it
 * (scripts/lib/first-screen-js.ts): the app's entry and the screen's route chunk, each with
 * everything it imports statically; not the parts a screen loads on its own afterwards.
 */
function firstDownload(page) {
  const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, ".vite/manifest.json"), "utf8"));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const route = `src/web/app/routes${page}.tsx`;
  if (!manifest[route]) throw new Error(`the build has no route chunk ${route}`);
  visit("index.html");
  visit(route);
  return [...files];
}

function sampleOf(report, page) {
  const landed = new URL(report.finalDisplayedUrl).pathname;
  if (landed !== page) throw new Error(`${page} ended on ${landed}: the session did not hold`);
  const scripts = report.audits["network-requests"].details.items.filter((item) => item.resourceType === "Script");
  const loaded = new Set(scripts.map((item) => new URL(item.url).pathname.slice(1)));
  const first = firstDownload(page);
  const missing = first.filter((file) => !loaded.has(file));
  if (missing.length) throw new Error(`${page} did not load ${missing.join(", ")}: the build is not the one served`);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    lcp: report.audits["largest-contentful-paint"].numericValue,
    tbt: report.audits["total-blocking-time"].numericValue,
    cls: report.audits["cumulative-layout-shift"].numericValue,
    jsFiles: scripts.length,
    jsTransferredKb: scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024,
    firstJsFiles: first.length,
    firstJsKb: first.reduce((sum, file) => sum + gzipKb(file), 0),
    lcpElement: report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet,
  };
}

async function measure(page, url, pagePath) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(
      url,
      { output: "json", onlyCategories: ["performance"], logLevel: "error" },
      undefined,
      page,
    );
    if (!result?.lhr) throw new Error(`Lighthouse gave no report for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    if (process.env.LH_REPORT_DIR) {
      fs.mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
      const name = `${pagePath.slice(1)}-${i + 1}.json`;
      fs.writeFileSync(path.join(process.env.LH_REPORT_DIR, name), result.report);
    }
    samples.push(sampleOf(result.lhr, pagePath));
  }
  const pick = (key) => median(samples.map((sample) => sample[key]));
  return {
    page: pagePath,
    performance: pick("performance"),
    lcp: pick("lcp"),
    tbt: pick("tbt"),
    cls: pick("cls"),
    jsFiles: pick("jsFiles"),
    jsTransferredKb: pick("jsTransferredKb"),
    firstJsFiles: pick("firstJsFiles"),
    firstJsKb: pick("firstJsKb"),
    lcpElement: samples[0].lcpElement,
  };
}

// The bench protocol's fields (scripts/lib/bench-result.ts): a page's score has no database.
const ROW = { bench: "lighthouse-app", db: null };

function report(rows) {
  for (const row of rows)
    console.log(
      `${row.page.padEnd(18)} perf ${String(row.performance).padStart(3)}  LCP ${Math.round(row.lcp)} ms  TBT ${Math.round(row.tbt)} ms  CLS ${row.cls.toFixed(3)}  first download ${row.firstJsFiles} JS files, ${row.firstJsKb.toFixed(1)} kB gzip  JS loaded in all ${row.jsFiles} files, ${row.jsTransferredKb.toFixed(1)} kB transferred${row.lcpElement ? `  LCP element ${row.lcpElement}` : ""}`,
    );
  const results = rows.flatMap((row) => [
    {
      ...ROW,
      name: `Lighthouse mobile performance, signed-in ${row.page}`,
      figure: row.performance,
      unit: "score",
      budget: `≥ ${PERFORMANCE_BUDGET}`,
      pass: row.performance >= PERFORMANCE_BUDGET,
    },
    {
      ...ROW,
      name: `signed-in ${row.page}, first download's JS (gzip)`,
      figure: Number(row.firstJsKb.toFixed(1)),
      unit: "kB",
      budget: `≤ ${JS_BUDGET_KB}`,
      pass: row.firstJsKb <= JS_BUDGET_KB,
    },
  ]);
  console.log(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}`,
  );
  for (const result of results) console.log(`BENCH-RESULT ${JSON.stringify(result)}`);
  const failed = results.filter((result) => !result.pass);
  for (const result of failed)
    console.error(`OVER BUDGET: ${result.name} is ${result.figure} ${result.unit}, budget ${result.budget}`);
  return failed.length === 0;
}

async function main() {
  const given = process.argv[2];
  const target = given
    ? {
        server: new URL(given),
        account: { email: process.env.LH_EMAIL, password: process.env.LH_PASSWORD },
        stop: async () => {},
      }
    : await startSeededServer();
  if (!target.account.email || !target.account.password) {
    console.error("Measuring a running server needs LH_EMAIL and LH_PASSWORD (a client account of it).");
    process.exit(1);
  }
  const { server } = target;
  const origin = publicHost
    ? `${server.protocol}//${publicHost}${server.port ? `:${server.port}` : ""}`
    : server.origin;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      ...(publicHost ? [`--host-resolver-rules=MAP ${publicHost} ${server.hostname}`] : []),
    ],
  });
  let passed = false;
  try {
    const page = await browser.newPage();
    await signInThroughForm(page, origin, target.account);
    console.log(
      `Lighthouse (mobile) ${runs}× per page on ${origin}${publicHost ? ` (→ ${server.host})` : ""}, signed in as ${target.account.email}`,
    );
    const rows = [];
    for (const pagePath of PAGES) rows.push(await measure(page, `${origin}${pagePath}`, pagePath));
    passed = report(rows);
  } finally {
    await browser.close();
    await target.stop();
  }
  process.exit(passed ? 0 : 1);
}

await main();
