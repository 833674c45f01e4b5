import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { executePrepared } from "./prepared-statement";
import type { Database } from "./client";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;

beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t?.close());

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** Every kind of parameter, and strings a literal must escape. */
const statementOf = (text: string, at: string, n: number, flag: boolean) =>
  sql`select ${text}::text as text, length(${text}::text) as length, ${at}::timestamptz as at,
    ${n}::int + 1 as next, ${flag}::boolean as flag, ${null}::text as nothing`;

const CASES: [string, string, number, boolean][] = [
  ["plain", "2026-11-27T03:00:00.000Z", 1, true],
  ["O'Brien's", "2026-01-31T23:30:00.000Z", -7, false],
  ["back\\slash \\' and ''", "2025-02-28T12:00:00.000Z", 0, true],
  ["ünïcødé 🙂", "2026-11-27T03:00:00.000Z", 2_147_483_646, false],
];

test.each(CASES)("a prepared statement answers what the statement answers (%s)", async (...args) => {
  const statement = statementOf(...args);
  expect(rowsOf(await executePrepared(t.db, statement))).toEqual(rowsOf(await t.db.execute(statement)));
});

test("each call is one statement, called again with other parameters; in a transaction it runs as it is", async () => {
  const [first, second] = CASES;
  await executePrepared(t.db, statementOf(...first!));
  const statements = await t.queriesOf(() => executePrepared(t.db, statementOf(...second!)));
  expect(statements).toHaveLength(1);
  // The embedded database runs the prepared statement; PostgreSQL the statement itself.
  expect(statements[0]).toMatch(t.databaseKind === "pglite" ? /^execute prepared_\w+\(E'O''Brien''s', / : /^select /);
  const inTransaction = await t.db.transaction((tx) =>
    executePrepared(tx as unknown as Database, statementOf(...second!)),
  );
  expect(rowsOf(inTransaction)).toEqual(rowsOf(await t.db.execute(statementOf(...second!))));
});

test("a prepared statement dropped from the session is prepared again", async () => {
  const [first] = CASES;
  await executePrepared(t.db, statementOf(...first!));
  await t.db.execute(sql`deallocate all`);
  expect(rowsOf(await executePrepared(t.db, statementOf(...first!)))).toEqual(
    rowsOf(await t.db.execute(statementOf(...first!))),
  );
});
