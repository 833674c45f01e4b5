// Lighthouse (mobile preset) on the five prerendered marketing pages and on a plain static HTML
// page served by the same server, 3 runs each; prints the medians of performance,
// accessibility, CLS, LCP and TBT. Needs a build and a running server: BASE_URL-free on purpose
// (Vitest sets BASE_URL), so pass the origin as the first argument (default http://localhost:3000).
// CHROME_PATH defaults to the Chromium the browser tests drive (scripts/chromium-path.mjs).
//
// The pages are measured as production serves them: under a public hostname (LH_HOST, default
// www.cogwork.test, resolved to the server by Chromium), not localhost, where the security
// posture banner of development and preview hosts starts the app at once. LH_HOST= (empty)
// measures the origin as given.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromiumPath } from "./chromium-path.mjs";

const server = new URL(process.argv[2] ?? "http://localhost:3000");
const publicHost = process.env.LH_HOST ?? "www.cogwork.test";
const origin = publicHost ? `${server.protocol}//${publicHost}${server.port ? `:${server.port}` : ""}` : server.origin;
const hostRule = publicHost ? ` --host-resolver-rules="MAP ${publicHost} ${server.hostname}"` : "";
const runs = Number(process.env.LH_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, "..");
const baselineFile = path.join(root, "dist/web/lighthouse-baseline.html");
const lighthouse = path.join(root, "node_modules/.bin/lighthouse");

// The plain page: the home page's heading and lead as bare HTML, no CSS, no JS.
fs.writeFileSync(
  baselineFile,
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title><meta name="description" content="A plain static page for comparison."></head><body><main><h1>Automations that run your busywork, and a portal that shows what they save.</h1><p>Cogwork designs, builds and runs the automations behind your operations: invoicing, lead routing, reporting, onboarding and support triage. You see every run, every failure we fixed and every hour saved.</p></main></body></html>`,
);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pages = ["/", "/features", "/pricing", "/about", "/contact", "/lighthouse-baseline.html"];
const rows = [];
console.log(`Lighthouse ${runs}× per page on ${origin}${publicHost ? ` (→ ${server.host})` : ""}`);
try {
  for (const page of pages) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const out = execFileSync(
        lighthouse,
        [
          `${origin}${page}`,
          "--quiet",
          "--output=json",
          "--only-categories=performance,accessibility",
          "--form-factor=mobile",
          `--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking${hostRule}`,
        ],
        {
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? chromiumPath() },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const report = JSON.parse(out.toString());
      samples.push({
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        cls: report.audits["cumulative-layout-shift"].numericValue,
        lcp: report.audits["largest-contentful-paint"].numericValue,
        tbt: report.audits["total-blocking-time"].numericValue,
      });
    }
    const row = {
      page,
      performance: median(samples.map((s) => s.performance)),
      accessibility: median(samples.map((s) => s.accessibility)),
      cls: median(samples.map((s) => s.cls)),
      lcp: median(samples.map((s) => s.lcp)),
      tbt: median(samples.map((s) => s.tbt)),
    };
    rows.push(row);
    console.log(
      `${page.padEnd(26)} perf ${row.performance}  a11y ${row.accessibility}  CLS ${row.cls.toFixed(3)}  LCP ${Math.round(row.lcp)} ms  TBT ${Math.round(row.tbt)} ms`,
    );
  }
} finally {
  fs.rmSync(baselineFile, { force: true });
}
const baseline = rows.find((row) => row.page.endsWith("baseline.html"));
if (baseline)
  for (const row of rows)
    if (row !== baseline) console.log(`${row.page}: LCP ${(row.lcp / baseline.lcp).toFixed(2)}× the static page`);
