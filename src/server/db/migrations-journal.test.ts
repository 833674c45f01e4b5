import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { REPO_ROOT } from "../test/child-process";

type Journal = { entries: { idx: number; when: number; tag: string }[] };
const journal = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, "drizzle", "meta", "_journal.json"), "utf8"),
) as Journal;

// The migrator applies a migration only when its journal time is later than the newest one the
// database recorded: a migration dated before an earlier one is never applied to a database that
// already has that one (a fresh database gets everything, so only an upgrade would show it).
test("each migration's journal time is later than the one before, so an upgraded database applies it", () => {
  const out = journal.entries.slice(1).filter((entry, i) => entry.when <= journal.entries[i]!.when);
  expect(out.map((entry) => entry.tag)).toEqual([]);
});

test("each migration of the journal has its SQL file, in order", () => {
  expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i));
  for (const { tag } of journal.entries)
    expect(fs.existsSync(path.join(REPO_ROOT, "drizzle", `${tag}.sql`)), tag).toBe(true);
});
