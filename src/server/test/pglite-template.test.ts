import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { ensurePgliteTemplate, pgliteTemplate } from "./pglite-template";

const opened: DatabaseHandle[] = [];
afterAll(() => Promise.all(opened.map((database) => database.close())));

async function schemaOf(target: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(target);
  opened.push(database);
  const { rows } = await database.pglite!.query<{ line: string }>(
    `select table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
       from information_schema.columns where table_schema in ('public', 'drizzle') order by 1`,
  );
  const indexes = await database.pglite!.query<{ line: string }>(
    `select indexdef as line from pg_indexes where schemaname = 'public' order by 1`,
  );
  const migrations = await database.pglite!.query<{ line: string }>(
    `select hash as line from drizzle.__drizzle_migrations order by id`,
  );
  return [...rows, ...indexes.rows, ...migrations.rows].map((row) => row.line);
}

describe("the tests' migrated embedded database", () => {
  it("has the schema, indexes and migration records of a database migrated from empty", async () => {
    const file = await ensurePgliteTemplate();
    const fromTemplate = await schemaOf({ memory: true, from: new Blob([fs.readFileSync(file)]) });
    const migrated = await schemaOf({ memory: true });
    expect(fromTemplate.length).toBeGreaterThan(100);
    expect(fromTemplate).toEqual(migrated);
  });

  it("is what every test runtime starts from on the embedded database, and none on PostgreSQL", () => {
    expect(pgliteTemplate() !== undefined).toBe(!process.env.TEST_DATABASE_URL);
  });
});
