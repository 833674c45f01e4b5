import fs from "node:fs";
import path from "node:path";

/**
 * PGlite does not lock its data folder, and two processes on one folder corrupt it.
 * We hold a lock file with our PID for the life of the process; a lock left by a
 * process that no longer runs is taken over.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "cogwork.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dataDir)} is in use by another Cogwork process (PID ${holder}). ` +
            "Stop that process first, or point DATA_DIR at another folder.",
        );
      }
      // The holder is gone: the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${path.resolve(dataDir)}.`);
}

/** The PID of another running process that holds the data folder, if one does. */
export function dataDirHolder(dataDir: string): number | undefined {
  const lockPath = path.join(dataDir, "cogwork.lock");
  if (!fs.existsSync(lockPath)) return undefined;
  const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
  return Number.isInteger(holder) && holder !== process.pid && isRunning(holder) ? holder : undefined;
}
