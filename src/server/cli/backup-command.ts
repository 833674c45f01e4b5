// `npm run backup -- <file>` and `npm run restore -- <file>`: the embedded database's backups.
import path from "node:path";
import { ConfigError, loadConfig } from "../config";
import { requestBackupFromServer } from "../db/backup-request";
import { DataDirLockedError, dataDirHolder, lockDataDir } from "../db/data-dir-lock";
import { RestoreRefusedError, restoreEmbeddedBackup, writeEmbeddedBackup } from "../db/embedded-backup";

export interface CommandOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

const ON_POSTGRES = [
  "DATABASE_URL is set: the database is PostgreSQL, which has its own tools.",
  '  Back up:  pg_dump --format=custom --file=cogwork.dump "$DATABASE_URL"',
  '  Restore:  pg_restore --no-owner --dbname="$NEW_DATABASE_URL" cogwork.dump   (into an empty database)',
  "Attachments live in the database too. See the README's Backups section.",
];

/** Backs up the embedded database to the file: through the running server, or directly when none runs. */
export async function backupCommand(argv: string[], env: Record<string, string | undefined>, out: CommandOutput) {
  return guarded(out, async () => {
    const config = loadConfig(env);
    if (config.DATABASE_URL) return fail(out, ON_POSTGRES);
    const [file] = argv;
    if (!file) return fail(out, ["Usage: npm run backup -- <file.tar.gz>"]);
    const dataDir = config.DATA_DIR;
    const holder = dataDirHolder(dataDir);
    if (holder) {
      out.log(`The server (PID ${holder}) is running on ${path.resolve(dataDir)}: asking it for the backup.`);
      const { bytes } = await requestBackupFromServer(dataDir, holder, file);
      out.log(`Backup written to ${path.resolve(file)} (${bytes} bytes).`);
      return 0;
    }
    if (!(await hasDatabase(dataDir))) return fail(out, [`There is no embedded database in ${path.resolve(dataDir)}.`]);
    const release = lockDataDir(dataDir);
    try {
      const { PGlite } = await import("@electric-sql/pglite");
      const { pgliteExtensions: extensions } = await import("../db/pglite-extensions");
      const client = new PGlite(path.join(dataDir, "pgdata"), { extensions });
      try {
        const { bytes } = await writeEmbeddedBackup(client, dataDir, file);
        out.log(`Backup written to ${path.resolve(file)} (${bytes} bytes).`);
      } finally {
        await client.close();
      }
    } finally {
      release();
    }
    return 0;
  });
}

/** Restores a backup into the (empty) data folder that DATA_DIR names. */
export async function restoreCommand(argv: string[], env: Record<string, string | undefined>, out: CommandOutput) {
  return guarded(out, async () => {
    const config = loadConfig(env);
    if (config.DATABASE_URL) return fail(out, ON_POSTGRES);
    const [file] = argv;
    if (!file) return fail(out, ["Usage: npm run restore -- <file.tar.gz>   (into the empty folder DATA_DIR names)"]);
    const { createdAt } = await restoreEmbeddedBackup(file, config.DATA_DIR);
    out.log(`Restored the backup of ${createdAt} into ${path.resolve(config.DATA_DIR)}. Start the server on it.`);
    return 0;
  });
}

async function hasDatabase(dataDir: string) {
  const fs = await import("node:fs");
  return fs.existsSync(path.join(dataDir, "pgdata", "PG_VERSION"));
}

function fail(out: CommandOutput, lines: string[]) {
  for (const line of lines) out.error(line);
  return 1;
}

/** The errors a person can act on are printed as they are; anything else is thrown. */
async function guarded(out: CommandOutput, command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof RestoreRefusedError)
      return fail(out, [error.message]);
    throw error;
  }
}
