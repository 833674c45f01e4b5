import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/** The embedded database's clients (registered when opened), each with the texts it has prepared. */
const prepared = new WeakMap<object, Set<string>>();

/** Called once per embedded client: only those get named prepared statements. */
export function allowPreparedStatements(client: object) {
  prepared.set(client, new Set());
}

const dialect = new PgDialect();

/** A parameter as an SQL literal (`E'…'` escapes quotes and backslashes whatever `standard_conforming_strings` says). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
  throw new TypeError(
    `a prepared statement's parameter must be a string, number, boolean or null, not ${typeof value}`,
  );
}

const INVALID_STATEMENT_NAME = "26000";

/**
 * Runs a read-only statement of a hot path, the same answer as `db.execute(statement)`. On the
 * embedded database (PGlite, PostgreSQL compiled to WebAssembly) planning a statement of a dozen
 * subqueries takes longer than running it (3–4 ms against 2 ms for the dashboard, ADR 0035), so there
 * it is prepared once per client under a name (`PREPARE`, not logged as a statement: like the
 * Parse of a named statement on the wire) and each call is one `EXECUTE` of it: after five calls
 * PostgreSQL keeps its generic plan and plans no more. Elsewhere (PostgreSQL, whose planner is
 * native; a transaction, whose client is not the database's own) it is `db.execute(statement)`.
 * (`preparedOnce` in ./prepared-once.ts is the other saving: building a statement's text once.)
 */
export async function executePrepared(db: Database, statement: SQL): Promise<unknown> {
  const client = (db as { $client?: { query: (text: string) => Promise<unknown> } }).$client;
  const texts = client && prepared.get(client);
  if (!client || !texts) return db.execute(statement);
  const query = dialect.sqlToQuery(statement);
  // Named after its text: the same statement gets the same name, another one another.
  const name = `prepared_${createHash("sha1").update(query.sql).digest("hex").slice(0, 20)}`;
  const run = async () => {
    if (!texts.has(query.sql)) {
      await client.query(`prepare ${name} as ${query.sql}`);
      texts.add(query.sql);
    }
    return db.execute(sql.raw(`execute ${name}(${query.params.map(literal).join(", ")})`));
  };
  try {
    return await run();
  } catch (error) {
    // Gone from the session (a `DISCARD ALL`): prepared again, once.
    // drizzle wraps the driver's error: its code is on the cause.
    const { code } = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
    if (code !== INVALID_STATEMENT_NAME) throw error;
    texts.delete(query.sql);
    return run();
  }
}
