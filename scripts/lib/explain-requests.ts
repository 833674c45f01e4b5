/**
 * Records the statements the app sends to PostgreSQL while one request runs, then shows each one's
 * `EXPLAIN (ANALYZE, BUFFERS)` (BENCH_EXPLAIN in bench-clients.ts; excerpts in ADR 0035). Works on
 * node-postgres clients of this process, which is what the runtime uses on a PostgreSQL URL.
 */
import pg from "pg";

type Recorded = { text: string; values: unknown[] };
let recording: Recorded[] | undefined;
const original = pg.Client.prototype.query;

// Drizzle calls query({ text, values, … }) or query(text, values).
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (recording) {
    const text = typeof first === "string" ? first : (first as { text?: string }).text;
    const values = typeof first === "string" ? second : ((first as { values?: unknown[] }).values ?? second);
    if (text && !/^\s*(begin|commit|rollback|set |select set_config)/i.test(text))
      recording.push({ text, values: Array.isArray(values) ? values : [] });
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

/** The statements `fn` sent, in order. */
export async function statementsOf(fn: () => Promise<unknown>): Promise<Recorded[]> {
  recording = [];
  try {
    await fn();
    return recording;
  } finally {
    recording = undefined;
  }
}

/** Each statement's plan with actual times and buffers, run on `url` (a separate connection). */
export async function explainAll(url: string, statements: Recorded[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans: string[] = [];
    for (const { text, values } of statements) {
      // Only reads: EXPLAIN ANALYZE runs the statement.
      if (!/^\s*(select|with|\()/i.test(text)) {
        plans.push(`(not explained, a write) ${text.slice(0, 120)}`);
        continue;
      }
      const result = await client.query(`explain (analyze, buffers) ${text}`, values);
      plans.push(
        (result as unknown as pg.QueryResult<Record<string, string>>).rows.map((r) => r["QUERY PLAN"]).join("\n"),
      );
    }
    return plans;
  } finally {
    await client.end();
  }
}
