import type { Database } from "./client";

/**
 * The name to give drizzle's `.prepare()`: none. A named statement would be kept by each
 * connection and, after five runs, PostgreSQL may switch it to a generic plan (one plan for every
 * search term, offset and clock); unnamed, each run is planned with its values as before.
 */
export const UNNAMED = undefined as unknown as string;

const preparedByDatabase = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement built once per database handle and shape, then only bound: drizzle building the
 * SQL text was a third of a staff page's CPU (ADR 0035). `key` must name everything that changes
 * the statement's text (sort, direction, which filters are present); values go in placeholders
 * (`sql.placeholder`) bound at `execute`. Prepare it with `UNNAMED`. (This saves building the text;
 * `executePrepared` in ./prepared-statement.ts saves planning, on the embedded database.)
 */
export function preparedOnce<T>(db: Database, key: string, build: () => T): T {
  let prepared = preparedByDatabase.get(db);
  if (!prepared) {
    prepared = new Map();
    preparedByDatabase.set(db, prepared);
  }
  const known = prepared.get(key);
  if (known) return known as T;
  const built = build();
  prepared.set(key, built);
  return built;
}
