import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, test } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { REPO_ROOT, killChildren } from "../../src/server/test/child-process";
import { startServer } from "../server-process";

// Three instances of a deploy start at the same moment on one database: each wants to bring the
// schema up to date. One migrates; the others wait for it and start too.
type Journal = { entries: { tag: string }[] };
const journal = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, "drizzle", "meta", "_journal.json"), "utf8"),
) as Journal;

const scratches: Awaited<ReturnType<typeof createScratchDatabase>>[] = [];
const folders: string[] = [];

afterEach(() => killChildren());
afterAll(async () => {
  killChildren();
  for (const scratch of scratches) await scratch.drop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function scratchDatabase() {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "reliability_three");
  scratches.push(scratch);
  return scratch.url;
}

/** The committed migrations but the last: a database migrated with it is one migration behind. */
function migrationsButTheLast(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-migrations-"));
  folders.push(folder);
  fs.mkdirSync(path.join(folder, "meta"));
  const entries = journal.entries.slice(0, -1);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    fs.copyFileSync(path.join(REPO_ROOT, "drizzle", `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/** Starts three built servers at once; `meanwhile` runs as they start. Every one must come up and answer its health check. */
async function startThree(url: string, ports: number[], meanwhile: () => Promise<void> = async () => {}) {
  const starting = Promise.allSettled(ports.map((port) => startServer(port, { url })));
  await meanwhile();
  const failures = (await starting).flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
  expect(failures).toEqual([]);
  for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
}

async function connect(url: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** How many migrations the database records as applied (read without migrating it). */
async function appliedMigrations(url: string): Promise<number> {
  const client = await connect(url);
  try {
    const result = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    return result.rows[0]!.n;
  } finally {
    await client.end();
  }
}

test("three instances started together on an empty database all start", async () => {
  const url = await scratchDatabase();
  await startThree(url, [4630, 4631, 4632]);
  expect(await appliedMigrations(url)).toBe(journal.entries.length);
});

test("three instances started together with one migration pending all start", async () => {
  const url = await scratchDatabase();
  const behind = await openDatabase({ url }, { migrationsDir: migrationsButTheLast() });
  await behind.close();
  expect(await appliedMigrations(url)).toBe(journal.entries.length - 1);

  // One migration is quick, and the instances' starts are spread by their own loading: hold the
  // migrations table until all three are at it, so that they reach it together, as in a deploy.
  const holder = await connect(url);
  try {
    await holder.query("BEGIN");
    await holder.query("LOCK TABLE drizzle.__drizzle_migrations IN ACCESS EXCLUSIVE MODE");
    await startThree(url, [4633, 4634, 4635], async () => {
      for (;;) {
        // Inside a transaction the activity view is a snapshot: take a fresh one each time.
        await holder.query("select pg_stat_clear_snapshot()");
        const waiting = await holder.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (waiting.rows[0]!.n >= 3) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await holder.query("COMMIT");
    });
  } finally {
    await holder.end();
  }
  expect(await appliedMigrations(url)).toBe(journal.entries.length);
});
