import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Seconds: from a cached read (about a millisecond) to a slow export. */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** What GET /metrics reads at scrape time, beyond the counters kept as things happen. */
export interface MetricSources {
  /** The PostgreSQL pool's connections (none on the embedded database). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Mail waiting to be sent, and how long the oldest has waited. */
  outbox: () => Promise<{ depth: number; oldestAgeSeconds: number }>;
}

/**
 * The server's Prometheus metrics, in a registry of its own (each runtime has one: tests run
 * several in one process). Requests are labelled by operation id from the endpoint table, never
 * by raw path, so the series stay few.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "cogwork_" });
  const measures = instruments(registry);
  let sources: MetricSources | undefined;
  return {
    registry,
    ...measures,
    /** Connects what is read at scrape time; called once the database is open. */
    observe(observed: MetricSources) {
      sources = observed;
      if (observed.pool) observePool(registry, observed.pool);
    },
    /** The text a scraper reads; the outbox is measured now (left as last measured if the database is away). */
    async scrape(): Promise<string> {
      const outbox = await sources?.outbox().catch(() => undefined);
      if (outbox) {
        measures.outboxDepth.set(outbox.depth);
        measures.outboxOldestAge.set(outbox.oldestAgeSeconds);
      }
      return registry.metrics();
    },
    /** Times one pass of a periodic job. */
    async timeJob(job: string, pass: () => Promise<void>) {
      const end = measures.jobDuration.startTimer({ job });
      try {
        await pass();
        measures.jobRuns.inc({ job, result: "ok" });
        measures.jobLastSuccess.set({ job }, Date.now() / 1000);
      } catch (error) {
        measures.jobRuns.inc({ job, result: "failed" });
        throw error;
      } finally {
        end();
      }
    },
  };
}

/** The counters, histograms and gauges kept as things happen. */
function instruments(registry: Registry) {
  const registers = [registry];
  return {
    httpRequests: new Counter({
      name: "cogwork_http_requests_total",
      help: "HTTP requests answered, by operation and status class.",
      labelNames: ["operation", "method", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "cogwork_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by operation.",
      labelNames: ["operation", "method"] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    queryDuration: new Histogram({
      name: "cogwork_db_query_duration_seconds",
      help: "Time of each database statement (PostgreSQL).",
      buckets: QUERY_BUCKETS,
      registers,
    }),
    jobRuns: new Counter({
      name: "cogwork_job_runs_total",
      help: "Passes of each periodic job, by result.",
      labelNames: ["job", "result"] as const,
      registers,
    }),
    jobLastSuccess: new Gauge({
      name: "cogwork_job_last_success_timestamp_seconds",
      help: "When each periodic job last finished a pass without error (Unix time).",
      labelNames: ["job"] as const,
      registers,
    }),
    jobDuration: new Gauge({
      name: "cogwork_job_last_duration_seconds",
      help: "How long each periodic job's last pass took.",
      labelNames: ["job"] as const,
      registers,
    }),
    ingestRuns: new Counter({
      name: "cogwork_ingest_runs_total",
      help: "Runs reported to the run reporting API, by outcome: stored, finished, duplicate, conflict.",
      labelNames: ["outcome"] as const,
      registers,
    }),
    ingestRefused: new Counter({
      name: "cogwork_ingest_refused_requests_total",
      help: "Run reports refused (bad key, invalid body, rate limited, too large), by status.",
      labelNames: ["status"] as const,
      registers,
    }),
    outboxDepth: new Gauge({ name: "cogwork_outbox_depth", help: "Mail waiting in the outbox to be sent.", registers }),
    outboxOldestAge: new Gauge({
      name: "cogwork_outbox_oldest_age_seconds",
      help: "How long the oldest mail waiting in the outbox has waited (0 when none waits).",
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

function observePool(registry: Registry, pool: NonNullable<MetricSources["pool"]>) {
  new Gauge({
    name: "cogwork_db_pool_connections",
    help: "The PostgreSQL pool's connections: total open, idle, and requests waiting for one.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting } = pool();
      this.set({ state: "total" }, total);
      this.set({ state: "idle" }, idle);
      this.set({ state: "waiting" }, waiting);
    },
  });
}
