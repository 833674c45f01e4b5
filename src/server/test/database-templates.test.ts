import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { pgliteExtensions as extensions } from "../db/pglite-extensions";
import { createScratchDatabase } from "../db/scratch-database";
import { ensurePgliteTemplate, PGLITE_TEMPLATE_ENV, pgliteTemplate } from "./pglite-template";
import { POSTGRES_TEMPLATE_ENV } from "./postgres-template";
import { createTestRuntime } from "./test-runtime";

const closing: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(closing.map((close) => close())));

/**
 * Everything the migrations make: columns, constraints, indexes, triggers, functions, the seeded
 * rows (without their generated ids and times), the migration records.
 */
const DESCRIBE_SCHEMA = [
  `select table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
     from information_schema.columns where table_schema in ('public', 'drizzle') order by 1`,
  `select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
     from pg_constraint where connamespace = 'public'::regnamespace order by 1`,
  `select indexdef as line from pg_indexes where schemaname = 'public' order by 1`,
  `select pg_get_triggerdef(oid) as line from pg_trigger where not tgisinternal order by 1`,
  `select proname || ' ' || md5(prosrc) as line from pg_proc where pronamespace = 'public'::regnamespace order by 1`,
  `select 'pricing_plan ' || (to_jsonb(p) - 'id' - 'created_at' - 'updated_at')::text as line from pricing_plan p order by 1`,
  `select 'sla_target ' || row_to_json(t)::text as line from sla_target t order by 1`,
  `select hash as line from drizzle.__drizzle_migrations order by id`,
];

async function schemaOf(database: Pick<DatabaseHandle, "db" | "close">) {
  closing.push(() => database.close());
  const lines: string[] = [];
  for (const statement of DESCRIBE_SCHEMA) {
    const { rows } = (await database.db.execute(sql.raw(statement))) as unknown as { rows: { line: string }[] };
    lines.push(...rows.map((row) => row.line));
  }
  return lines;
}

describe("the tests' migrated embedded database", () => {
  it("holds every migration itself, and what a database migrated from empty holds", async () => {
    const file = await ensurePgliteTemplate();
    const template = new Blob([fs.readFileSync(file)]);
    // The dump as it is, before any migration could run again on it.
    const raw = new PGlite({ extensions, loadDataDir: template });
    closing.push(() => raw.close());
    const journal = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../../drizzle/meta/_journal.json"), "utf8"),
    );
    const applied = await raw.query<{ count: number }>(
      "select count(*)::int as count from drizzle.__drizzle_migrations",
    );
    expect(applied.rows[0]?.count).toBe(journal.entries.length);

    const fromTemplate = await schemaOf(await openDatabase({ memory: true, from: template }));
    const migrated = await schemaOf(await openDatabase({ memory: true }));
    expect(fromTemplate.length).toBeGreaterThan(300);
    expect(fromTemplate).toEqual(migrated);
    // Three embedded databases, one of them migrated from empty: slow on a busy machine.
  }, 180_000);

  it("is what every test runtime starts from on the embedded database, and none on PostgreSQL", () => {
    expect(pgliteTemplate() !== undefined).toBe(!process.env.TEST_DATABASE_URL);
  });
});

describe("a test runtime's database", () => {
  it("holds what a database of its kind migrated from empty holds", async () => {
    const ofRuntime = await schemaOf(await createTestRuntime());
    expect(ofRuntime.length).toBeGreaterThan(300);
    expect(ofRuntime).toEqual(await schemaMigratedFromEmpty());
  }, 180_000);

  it("on PostgreSQL is a copy of the migrated template database the global setup made", async () => {
    const template = process.env[POSTGRES_TEMPLATE_ENV];
    expect(template !== undefined).toBe(Boolean(process.env.TEST_DATABASE_URL));
    if (!template) return;
    const runtime = await createTestRuntime();
    closing.push(() => runtime.close());
    const found = await runtime.db.execute(sql`select 1 from pg_database where datname = ${template}`);
    expect((found as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it("when the template is gone (another run replaced it), starts from an empty database, migrated", async () => {
    const env = process.env.TEST_DATABASE_URL ? POSTGRES_TEMPLATE_ENV : PGLITE_TEMPLATE_ENV;
    const kept = process.env[env];
    const migrated = await schemaMigratedFromEmpty();
    process.env[env] = process.env.TEST_DATABASE_URL ? "cogwork_test_template_0000000000000000" : "/nonexistent.tar";
    try {
      const runtime = await createTestRuntime();
      expect(await schemaOf(runtime)).toEqual(migrated);
    } finally {
      process.env[env] = kept;
    }
  }, 180_000);
});

/** The schema of a database of the run's kind migrated from empty: made once for the file (slow). */
let fromEmpty: Promise<string[]> | undefined;
const schemaMigratedFromEmpty = () => (fromEmpty ??= migratedFromEmpty().then(schemaOf));

/** A database of the run's kind migrated from empty, closed (and dropped) after the file. */
async function migratedFromEmpty() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ memory: true });
  const scratch = await createScratchDatabase(serverUrl, "cogwork_test");
  const database = await openDatabase({ url: scratch.url });
  return {
    db: database.db,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
