/* PostgreSQL helpers for the benchmarks (scripts/bench-*.ts): which server, and bulk loads of millions of rows. */
import pg from "pg";

/** The server the benches use: BENCH_DATABASE_URL, or the local one (as in the tests). */
export const benchServerUrl = () =>
  process.env.BENCH_DATABASE_URL || "postgres://postgres:postgres@localhost:5432/postgres";

/** The server's address without its password, for messages. */
export const shown = (url: string) => {
  const parsed = new URL(url);
  parsed.password = parsed.password ? "***" : "";
  return parsed.toString();
};

export async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || String(error) : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The server when it answers, or why it cannot be used (printed: a bench never skips
 * PostgreSQL silently). Every bench runs on PostgreSQL whenever one can be reached.
 */
export async function postgresForBench(): Promise<{ url: string } | { reason: string }> {
  const url = benchServerUrl();
  const unreachable = await reachable(url);
  if (!unreachable) return { url };
  const reason = `PostgreSQL at ${shown(url)} cannot be reached (${unreachable}); set BENCH_DATABASE_URL=postgres://…`;
  console.log(`\n${reason}`);
  return { reason };
}

export type Query = (text: string) => Promise<pg.QueryResult>;

/**
 * Drops a table's indexes and primary key (and the foreign keys pointing at it) for a bulk load:
 * `rebuild` makes them again, each in one sorted pass. Foreign keys into the table are made again
 * only when asked (`{ references: true }`): a logged table may not point into an unlogged one.
 */
export async function dropKeysAndIndexes(q: Query, table: string) {
  const { rows: indexes } = await q(`select indexname, indexdef from pg_indexes
    where tablename = '${table}' and indexname not in (select conname from pg_constraint)`);
  const { rows: keys } = await q(`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def,
      confrelid = '${table}'::regclass as referencing
    from pg_constraint where (conrelid = '${table}'::regclass and contype = 'p') or confrelid = '${table}'::regclass
    order by referencing desc`);
  for (const { tbl, conname } of keys) await q(`alter table ${tbl} drop constraint "${conname}"`);
  for (const { indexname } of indexes) await q(`drop index "${indexname}"`);
  return {
    rebuild: async ({ references = false } = {}) => {
      for (const { tbl, conname, def } of keys.filter((key) => !key.referencing))
        await q(`alter table ${tbl} add constraint "${conname}" ${def}`);
      for (const { indexdef } of indexes) await q(indexdef);
      for (const { tbl, conname, def } of keys.filter((key) => key.referencing && references))
        await q(`alter table ${tbl} add constraint "${conname}" ${def}`);
    },
  };
}

/**
 * A session of its own for loading millions of rows into a throwaway database: foreign keys are not
 * checked row by row (superusers only; every id comes from rows the load just wrote), sorts and
 * index builds get 1 GB of memory, and `withoutKeys` drops a table's keys and indexes and makes it
 * unlogged (no write-ahead log; reads are the same) until `rebuild` makes them again, each in one
 * sorted pass. Foreign keys from other tables into an unlogged table are not made again (a logged
 * table may not point into an unlogged one): nothing the benches read depends on them.
 */
export async function openBulkLoad(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q: Query = (text) => client.query(text);
  // Without it the load is slower, not different.
  await q("set session_replication_role = replica").catch(() => console.log("  (foreign keys checked row by row)"));
  await q("set maintenance_work_mem = '1GB'");
  await q("set work_mem = '1GB'");
  return {
    client,
    q,
    withoutKeys: async (...tables: string[]) => {
      const dropped: Awaited<ReturnType<typeof dropKeysAndIndexes>>[] = [];
      for (const table of tables) dropped.push(await dropKeysAndIndexes(q, table));
      for (const table of tables) await q(`alter table ${table} set unlogged`);
      return {
        rebuild: async () => {
          for (const keys of dropped) await keys.rebuild();
        },
      };
    },
    end: async () => {
      await q("reset session_replication_role").catch(() => {});
      await client.end();
    },
  };
}

export type BulkLoad = Awaited<ReturnType<typeof openBulkLoad>>;
