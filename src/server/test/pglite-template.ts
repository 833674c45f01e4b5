import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";

/** Where the global setup tells the test files the migrated template is. */
export const PGLITE_TEMPLATE_ENV = "COGWORK_TEST_PGLITE_TEMPLATE";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * What a migrated template depends on: the migrations, PGlite's version and drizzle's (its migrator's
 * table). The PostgreSQL template (`postgres-template.ts`) is named by it too.
 */
export function templateKey(): string {
  const hash = createHash("sha256");
  for (const pkg of ["@electric-sql/pglite", "drizzle-orm"]) {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, "node_modules", pkg, "package.json"), "utf8"));
    hash.update(`${pkg}@${version}`);
  }
  const drizzle = path.join(root, "drizzle");
  for (const file of [
    ...fs
      .readdirSync(drizzle)
      .filter((f) => f.endsWith(".sql"))
      .sort(),
    "meta/_journal.json",
  ]) {
    hash.update(file).update(fs.readFileSync(path.join(drizzle, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * An embedded database with every migration applied, dumped once to a file (kept between runs for
 * the same migrations): each test runtime starts from it instead of creating a cluster and running
 * the migrations anew, about 1 s instead of 5 per test file. Returns the file's path.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  // In the project's own cache (not a shared temporary folder another user could write to).
  const dir = path.join(root, "node_modules/.cache/cogwork-test-pglite");
  const file = path.join(dir, `migrated-${templateKey()}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  // Templates of other migrations go (a run making this one's partial file is left alone).
  for (const old of fs.readdirSync(dir).filter((name) => name.endsWith(".tar"))) fs.rmSync(path.join(dir, old));
  const database = await openDatabase({ memory: true });
  // Written beside, then renamed: a run started meanwhile never reads half a file.
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    const dump = await database.pglite!.dumpDataDir("none");
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { flag: "wx" });
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
    await database.close();
  }
  return file;
}

/** The migrated template the global setup made, if it made one (no file: start from empty). */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || !fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}
