import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as auditSchema from "./schema/audit";
import * as authSchema from "./schema/auth";
import * as automationSchema from "./schema/automations";
import * as channelSchema from "./schema/channels";
import * as billingSchema from "./schema/billing";
import * as companySchema from "./schema/companies";
import * as leadSchema from "./schema/leads";
import * as mailSchema from "./schema/mail";
import * as notificationSchema from "./schema/notifications";
import * as planSchema from "./schema/plan";
import * as pricingSchema from "./schema/pricing";
import * as securitySchema from "./schema/security";
import * as supportSchema from "./schema/support";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

export const schema = {
  ...auditSchema,
  ...authSchema,
  ...automationSchema,
  ...channelSchema,
  ...billingSchema,
  ...companySchema,
  ...mailSchema,
  ...leadSchema,
  ...notificationSchema,
  ...planSchema,
  ...pricingSchema,
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

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export interface OpenOptions {
  migrationsDir?: string;
  /** Told when a pooled PostgreSQL connection fails outside a query (e.g. the server restarted). */
  onConnectionError?: (error: Error) => void;
  /** Told of every statement sent through the client (tests count a request's round trips with it). */
  onQuery?: (query: string) => void;
}

/** Any fixed number: the key of the advisory lock every instance takes to migrate. */
const MIGRATION_LOCK_KEY = 7_240_519_310;

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const migrations = { migrationsFolder: options.migrationsDir ?? findMigrationsFolder() };
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
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzle(pool, { schema, logger });
    // Of several instances started together, one migrates and the others wait for its advisory
    // lock, then find nothing left to do. Without it each reads "not migrated yet" and they run
    // the same DDL at once (duplicate types, "column already exists"), and all but one exit.
    // The lock belongs to a connection of its own and goes with it, so an instance killed
    // while migrating does not hold up the others.
    const migrator = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 5_000 });
    migrator.on("error", () => {}); // a dead connection fails the query that is waiting on it
    await migrator.connect();
    try {
      await migrator.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migrate(drizzle(migrator), migrations);
    } finally {
      await migrator.end();
    }
    return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = "memory" in target ? new PGlite() : new PGlite(path.join(target.dataDir, "pgdata"));
  const db = drizzle(client, { schema, logger });
  await migrate(db, migrations);
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}
