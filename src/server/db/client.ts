import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { isDatabaseUnavailable } from "./database-unavailable";
import { allowPreparedStatements } from "./prepared-statement";
import * as auditSchema from "./schema/audit";
import * as authSchema from "./schema/auth";
import * as automationSchema from "./schema/automations";
import * as billingSchema from "./schema/billing";
import * as channelSchema from "./schema/channels";
import * as companySchema from "./schema/companies";
import * as connectionSchema from "./schema/connections";
import * as hoursSchema from "./schema/hours";
import * as leadSchema from "./schema/leads";
import * as mailSchema from "./schema/mail";
import * as notificationSchema from "./schema/notifications";
import * as planSchema from "./schema/plan";
import * as pricingSchema from "./schema/pricing";
import * as reportSchema from "./schema/reports";
import * as securitySchema from "./schema/security";
import * as supportSchema from "./schema/support";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

export const schema = {
  ...auditSchema,
  ...authSchema,
  ...automationSchema,
  ...channelSchema,
  ...connectionSchema,
  ...billingSchema,
  ...companySchema,
  ...hoursSchema,
  ...mailSchema,
  ...leadSchema,
  ...notificationSchema,
  ...planSchema,
  ...pricingSchema,
  ...reportSchema,
  ...securitySchema,
  ...supportSchema,
};
export type Schema = typeof schema;
/**
 * The one database type the services see, whichever driver is underneath. A transaction is one
 * too (drizzle's transaction extends the database), so helpers that must run inside the caller's
 * transaction take a `Database` and say so; services get theirs from `ctx.transaction`.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The journal time of the newest migration this build carries (the migrator stores it as created_at). */
  latestMigration: number;
  /** The embedded database's client (for its backups); absent on PostgreSQL. */
  pglite?: PGlite;
  /** The PostgreSQL pool's connections (not on the embedded database). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
}

/** The committed migrations, found from the source file and from the built bundle alike. */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle", "meta", "_journal.json");
    if (fs.existsSync(candidate)) return path.dirname(path.dirname(candidate));
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("The drizzle/ migrations folder was not found next to the app");
    dir = parent;
  }
}

/**
 * Where the data lives: a PostgreSQL server, an embedded database in a folder, or an embedded one
 * in memory; `from`, a dump of an embedded data directory (`dumpDataDir`) to start from instead of
 * an empty cluster (the tests start from one already migrated). The migrations run either way.
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; from?: Blob };

export interface OpenOptions {
  migrationsDir?: string;
  /** Told when a pooled PostgreSQL connection fails outside a query (e.g. the server restarted). */
  onConnectionError?: (error: Error) => void;
  /** Told of every statement sent through the client (tests count a request's round trips with it). */
  onQuery?: (query: string) => void;
  /** Told how long each PostgreSQL statement took, in seconds (the metrics). */
  onQueryTimed?: (seconds: number) => void;
  /**
   * At start, a PostgreSQL that cannot be reached is waited for, with backoff, instead of failing
   * (the server's start); told of each wait. Without it the first failure is thrown (tests, scripts).
   */
  waitForDatabase?: { onWaiting: (wait: DatabaseWait) => void; signal?: AbortSignal };
}

export interface DatabaseWait {
  attempt: number;
  delayMs: number;
  error: Error;
}

/**
 * Times the promise-returning calls of `query` (drizzle's): the pool's own for single statements,
 * a checked-out client's inside transactions. The pool's internal callback calls are not counted twice.
 */
function timeQueries(target: { query: (...args: never[]) => unknown }, told: (seconds: number) => void) {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = ((...args: unknown[]) => {
    const started = performance.now();
    const result = query(...args);
    if (result instanceof Promise) {
      const done = () => told((performance.now() - started) / 1000);
      result.then(done, done);
    }
    return result;
  }) as typeof target.query;
}

/** 0.5 s, 1 s, 2 s … at most 10 s between tries. */
export const databaseWaitDelay = (attempt: number) => Math.min(10_000, 500 * 2 ** (attempt - 1));

/** The journal's newest entry: what this build's schema is. */
function latestMigrationOf(migrationsFolder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Connects `open()`'s client; while the database is unreachable (and `wait` is given) tries again
 * after a growing delay, until it answers or the signal aborts.
 */
async function connectWhenReachable<T extends { connect: () => Promise<unknown> }>(
  open: () => T,
  wait: OpenOptions["waitForDatabase"],
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = open();
    try {
      await client.connect();
      return client;
    } catch (error) {
      if (!wait || !isDatabaseUnavailable(error) || wait.signal?.aborted) throw error;
      const delayMs = databaseWaitDelay(attempt);
      wait.onWaiting({ attempt, delayMs, error: error as Error });
      await sleep(delayMs, undefined, { signal: wait.signal }).catch(() => {
        throw error;
      });
    }
  }
}

/** Any fixed number: the key of the advisory lock every instance takes to migrate. */
const MIGRATION_LOCK_KEY = 7_240_519_310;

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const migrations = { migrationsFolder: options.migrationsDir ?? findMigrationsFolder() };
  const latestMigration = latestMigrationOf(migrations.migrationsFolder);
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if ("url" in target) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // While the database is away, a request waits at most this long for a connection and
      // then gets a 503, rather than hanging.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A connection that dies (a restart terminates every backend with 57P01) raises an 'error'
    // event: on the pool when it was idle, on the client when it is checked out between
    // queries. Unheard, either one ends the process. The pool drops a dead connection and
    // opens a new one on the next checkout; a checked-out one fails the query that uses it
    // next (answered with a 503), so only the pool's event is worth a log line.
    pool.on("error", (error) => options.onConnectionError?.(error));
    pool.on("connect", (client) => {
      client.on("error", () => {});
      if (options.onQueryTimed) timeQueries(client, options.onQueryTimed);
    });
    if (options.onQueryTimed) timeQueries(pool, options.onQueryTimed);
    const db = drizzle(pool, { schema, logger });
    // Of several instances started together, one migrates and the others wait for its advisory
    // lock, then find nothing left to do. Without it each reads "not migrated yet" and they run
    // the same DDL at once (duplicate types, "column already exists"), and all but one exit.
    // The lock belongs to a connection of its own and goes with it, so an instance killed
    // while migrating does not hold up the others.
    const migrator = await connectWhenReachable(() => {
      const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 5_000 });
      client.on("error", () => {}); // a dead connection fails the query that is waiting on it
      return client;
    }, options.waitForDatabase);
    try {
      await migrator.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migrate(drizzle(migrator), migrations);
    } finally {
      await migrator.end();
    }
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db: db as unknown as Database, kind: "postgres", latestMigration, poolStats, close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { pgliteExtensions: extensions } = await import("./pglite-extensions");
  const client =
    "memory" in target
      ? new PGlite({ extensions, ...(target.from ? { loadDataDir: target.from } : {}) })
      : new PGlite(path.join(target.dataDir, "pgdata"), { extensions });
  const db = drizzle(client, { schema, logger });
  await migrate(db, migrations);
  allowPreparedStatements(client);
  return {
    db: db as unknown as Database,
    kind: "pglite",
    latestMigration,
    pglite: client,
    close: () => client.close(),
  };
}
