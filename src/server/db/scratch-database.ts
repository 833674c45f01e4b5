import { randomUUID } from "node:crypto";

/**
 * A throwaway database on a PostgreSQL server, for tests and benchmarks: created empty, or as a
 * copy of `template` (a database nobody is connected to), and dropped (with any connections left)
 * by `drop`.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, options: { template?: string } = {}) {
  if (options.template !== undefined && !/^[a-z0-9_]+$/.test(options.template))
    throw new Error(`Not a database name: ${options.template}`);
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
  await run(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
