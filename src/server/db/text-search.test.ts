import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { company } from "./schema/companies";
import { containsText } from "./text-search";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;

const NAMES = [
  "Acme Logistics",
  "ACME bakery",
  "Beta 100% Ltd",
  "Beta 1000 Ltd",
  "snake_case GmbH",
  "snakeXcase GmbH",
  "Back\\slash & Co",
  "Ærø Fisk",
  "ærø fisk ApS",
  "Zürich Uhren",
  "ZÜRICH UHREN AG",
  "ab",
];
const TERMS = [
  "acme",
  "ACME",
  "100%",
  "_",
  "snake_case",
  "\\",
  "ærø",
  "ÆRØ",
  "zürich",
  "ab",
  "a",
  "ltd",
  "nothing",
  "%",
];

beforeAll(async () => {
  t = await createTestRuntime();
  await t.db.insert(company).values(NAMES.map((name) => ({ name })));
}, 240_000);
afterAll(() => t.close());

const namesWhere = async (condition: ReturnType<typeof containsText>) =>
  (await t.db.select({ name: company.name }).from(company).where(condition)).map((row) => row.name).sort();

test("the trigram-indexable search finds exactly what the substring search found, in any case, wildcards taken literally", async () => {
  for (const term of TERMS) {
    const before = await namesWhere(sql`strpos(lower(${company.name}), lower(${term})) > 0`);
    expect({ term, names: await namesWhere(containsText(company.name, term)) }).toEqual({ term, names: before });
  }
  expect(await namesWhere(containsText(company.name, "100%"))).toEqual(["Beta 100% Ltd"]);
  expect(await namesWhere(containsText(company.name, "snake_case"))).toEqual(["snake_case GmbH"]);
  expect(await namesWhere(containsText(company.name, "ærø"))).toEqual(["Ærø Fisk", "ærø fisk ApS"]);
});

test("the search can use the name's trigram index (pg_trgm is loaded on both databases)", async () => {
  const plan = await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(
      sql`explain ${sql`select id from ${company} where ${containsText(company.name, "logist")}`}`,
    );
    return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
  });
  expect(plan).toContain("company_name_trgm_idx");
});
