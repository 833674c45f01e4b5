import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { enqueueMail } from "../mail/outbox";
import { postRun, registerAutomation } from "../test/fixtures";
import { givenClient, givenStaff } from "../test/given";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

const TOKEN = "metrics-token-metrics-token";
let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime({ METRICS_TOKEN: TOKEN, INGEST_RATE_LIMIT_PER_MINUTE: "1000" });
}, 180_000);
afterAll(() => t.close());

const LOOPBACK = "127.0.0.1";

/** Scrapes as Prometheus would, and parses the answer with a plain Prometheus text-format parser. */
async function scrape(init: { ip?: string; headers?: Record<string, string> } = { ip: LOOPBACK }) {
  const answer = await t.request("/metrics", init);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await answer.text();
  // The parser refuses any line that is not the text format; it reads counters and gauges with their labels.
  const families = parsePrometheusTextFormat(text);
  return Object.assign((name: string) => families.find((family) => family.name === name), { text });
}

/** A histogram's number of observations for one series, read from its `_count` line. */
const observations = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}]/g, "\\$&")} (\\d+)$`, "m").exec(text)?.[1]);

const sampleOf = (family: ReturnType<Awaited<ReturnType<typeof scrape>>>, labels: Record<string, string>) =>
  family?.metrics.find((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value));

describe("who may read the metrics", () => {
  test("this machine may; another may only with the bearer token", async () => {
    const elsewhere = await t.request("/metrics", { ip: "203.0.113.9" });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toEqual({
      message: "Metrics are served to this machine, or with the bearer token set in METRICS_TOKEN.",
    });
    const wrongToken = await t.request("/metrics", { ip: "203.0.113.9", headers: { authorization: "Bearer nope" } });
    expect(wrongToken.status).toBe(403);
    await scrape({ ip: "203.0.113.9", headers: { authorization: `Bearer ${TOKEN}` } });
  });

  test("a loopback socket forwarding for a remote client is that client", async () => {
    const forwarded = await t.request("/metrics", { ip: LOOPBACK, headers: { "x-forwarded-for": "198.51.100.7" } });
    expect(forwarded.status).toBe(403);
  });
});

describe("what they say", () => {
  test("requests by operation id and status class, with their durations", async () => {
    await t.request("/api/health");
    await t.request("/api/automations/00000000-0000-4000-8000-000000000000");
    const metric = await scrape();
    expect(
      Number(sampleOf(metric("cogwork_http_requests_total"), { operation: "getHealth", status: "2xx" })?.value),
    ).toBeGreaterThanOrEqual(1);
    // The path's id is not a label: the route's operation is.
    const refused = sampleOf(metric("cogwork_http_requests_total"), { operation: "getAutomation", status: "4xx" });
    expect(Number(refused?.value)).toBe(1);
    expect(metric("cogwork_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(
      observations(metric.text, 'cogwork_http_request_duration_seconds_count{operation="getHealth",method="GET"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(metric("cogwork_http_requests_total")?.metrics.some((s) => s.labels?.operation?.includes("0000"))).toBe(
      false,
    );
  });

  test("run reports accepted and refused", async () => {
    const staff = await givenStaff(t, "metrics-staff@agency.test");
    const client = await givenClient(t, "metrics-client@acme.test", "Metrics Acme");
    const automation = await registerAutomation(t, staff, client.companyId!);
    expect((await postRun(t, automation.key, { externalRunId: "m-1" })).status).toBe(201);
    expect((await postRun(t, automation.key, { externalRunId: "m-1" })).status).toBe(200);
    expect((await postRun(t, "cw_live_not-a-key", { externalRunId: "m-2" })).status).toBe(401);
    const metric = await scrape();
    const runs = metric("cogwork_ingest_runs_total");
    expect(Number(sampleOf(runs, { outcome: "stored" })?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(sampleOf(runs, { outcome: "duplicate" })?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(sampleOf(metric("cogwork_ingest_refused_requests_total"), { status: "401" })?.value)).toBe(1);
  });

  test("the outbox's depth and its oldest message's age", async () => {
    const before = Number((await scrape())("cogwork_outbox_depth")?.metrics[0]?.value);
    await enqueueMail(t.db, "someone@example.com", {
      kind: "test",
      subject: "Hello",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    const metric = await scrape();
    expect(Number(metric("cogwork_outbox_depth")?.metrics[0]?.value)).toBe(before + 1);
    expect(Number(metric("cogwork_outbox_oldest_age_seconds")?.metrics[0]?.value)).toBeGreaterThanOrEqual(0);
  });

  test("each job's passes, failures, last success and duration", async () => {
    await t.metrics.timeJob("billing cycle", async () => {});
    await expect(
      t.metrics.timeJob("billing cycle", () => Promise.reject(new Error("the database said no"))),
    ).rejects.toThrow("the database said no");
    const metric = await scrape();
    expect(sampleOf(metric("cogwork_job_runs_total"), { job: "billing cycle", result: "ok" })?.value).toBe("1");
    expect(sampleOf(metric("cogwork_job_runs_total"), { job: "billing cycle", result: "failed" })?.value).toBe("1");
    const lastSuccess = Number(
      sampleOf(metric("cogwork_job_last_success_timestamp_seconds"), { job: "billing cycle" })?.value,
    );
    expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(600);
    expect(sampleOf(metric("cogwork_job_last_duration_seconds"), { job: "billing cycle" })).toBeDefined();
  });

  test("the process: event-loop lag, memory, and on PostgreSQL the pool and query durations", async () => {
    const metric = await scrape();
    expect(metric("cogwork_nodejs_eventloop_lag_seconds")).toBeDefined();
    expect(Number(metric("cogwork_process_resident_memory_bytes")?.metrics[0]?.value)).toBeGreaterThan(0);
    if (t.databaseKind === "postgres") {
      expect(sampleOf(metric("cogwork_db_pool_connections"), { state: "total" })).toBeDefined();
      expect(observations(metric.text, "cogwork_db_query_duration_seconds_count")).toBeGreaterThan(0);
    } else {
      expect(metric("cogwork_db_pool_connections")).toBeUndefined();
    }
  });
});
