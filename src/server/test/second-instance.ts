import { openDatabase } from "../db/client";
import type { TestRuntime } from "./test-runtime";

/**
 * The database as another server instance sees it: on PostgreSQL a pool of its own on the same
 * database (true concurrency between "instances"); on the in-memory PGlite, which one process
 * owns, the same handle (its concurrency is the interleaving of promises).
 */
export async function secondInstance(t: TestRuntime) {
  if (!t.databaseUrl) return { db: t.db, close: async () => {} };
  const handle = await openDatabase({ url: t.databaseUrl });
  return { db: handle.db, close: handle.close };
}
