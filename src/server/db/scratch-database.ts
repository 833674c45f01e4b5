import { randomUUID } from "node:crypto";

/**
 * A throwaway database on a PostgreSQL server, for tests and benchmarks: created empty,
 * dropped (with any connections left) by `drop`.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const { default: pg } = await import("pg");
  const name = `${prefix}_${randomUUID().replace(/-/g, "")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
