import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";

const run = promisify(execFile);

/** What a backup file holds beside the database: its kind, and when it was taken. */
interface Manifest {
  format: "cogwork-embedded-backup";
  version: 1;
  createdAt: string;
}

/** The files next to the database that belong in a backup: attachments and the embedded secret. */
const BESIDE_THE_DATABASE = ["attachments", "auth-secret"];

/**
 * Writes a backup of the embedded database to `file` (a .tar.gz): the database as PGlite dumps
 * it after a checkpoint (the dump runs between statements, so it is what a crash at that moment
 * would leave, which PostgreSQL recovers to the last commit), then the attachment files and the
 * embedded secret. The file appears whole or not at all.
 */
export async function writeEmbeddedBackup(client: PGlite, dataDir: string, file: string): Promise<{ bytes: number }> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-backup-"));
  const partial = `${file}.partial`;
  try {
    await client.query("CHECKPOINT");
    const dump = await client.dumpDataDir("gzip");
    fs.writeFileSync(path.join(staging, "pgdata.tar.gz"), Buffer.from(await dump.arrayBuffer()));
    // After the dump: every attachment a stored row names was written before its row committed.
    for (const name of BESIDE_THE_DATABASE) {
      const source = path.join(dataDir, name);
      if (fs.existsSync(source)) fs.cpSync(source, path.join(staging, name), { recursive: true });
    }
    const manifest: Manifest = { format: "cogwork-embedded-backup", version: 1, createdAt: new Date().toISOString() };
    fs.writeFileSync(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    await run("tar", ["-czf", partial, "-C", staging, "."]);
    fs.renameSync(partial, file);
    return { bytes: fs.statSync(file).size };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

/** Restores a backup into `dataDir`, which must be empty or absent: a restore never overwrites data. */
export async function restoreEmbeddedBackup(file: string, dataDir: string): Promise<{ createdAt: string }> {
  if (!fs.existsSync(file)) throw new RestoreRefusedError(`There is no backup file at ${path.resolve(file)}.`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new RestoreRefusedError(
      `The data folder ${path.resolve(dataDir)} is not empty. Restore into an empty folder (set DATA_DIR), ` +
        "then point the server at it.",
    );
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-restore-"));
  try {
    await run("tar", ["-xzf", file, "-C", staging]).catch(() => {
      throw new RestoreRefusedError(`${path.resolve(file)} is not a Cogwork backup (it is not a .tar.gz file).`);
    });
    const manifest = readManifest(staging, file);
    fs.mkdirSync(dataDir, { recursive: true });
    const { PGlite } = await import("@electric-sql/pglite");
    const dump = new Blob([fs.readFileSync(path.join(staging, "pgdata.tar.gz"))]);
    const { pgliteExtensions: extensions } = await import("./pglite-extensions");
    const restored = new PGlite(path.join(dataDir, "pgdata"), { loadDataDir: dump, extensions });
    await restored.query("select 1");
    await restored.close();
    for (const name of BESIDE_THE_DATABASE) {
      const source = path.join(staging, name);
      if (fs.existsSync(source)) fs.cpSync(source, path.join(dataDir, name), { recursive: true });
    }
    return { createdAt: manifest.createdAt };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function readManifest(staging: string, file: string): Manifest {
  const manifestFile = path.join(staging, "manifest.json");
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest) : null;
  if (manifest?.format !== "cogwork-embedded-backup" || !fs.existsSync(path.join(staging, "pgdata.tar.gz")))
    throw new RestoreRefusedError(`${path.resolve(file)} is not a Cogwork backup of the embedded database.`);
  return manifest;
}
