// Test helper run as a separate process: takes the data-folder lock of argv[2], says
// "locked <pid>" and holds it until SIGTERM; if the lock is held, prints why and exits 1.
import { DataDirLockedError, lockDataDir } from "../db/data-dir-lock";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: hold-data-dir-lock <dataDir>");
try {
  const release = lockDataDir(dataDir);
  console.log(`locked ${process.pid}`);
  process.on("SIGTERM", () => {
    release();
    process.exit(0);
  });
  setInterval(() => {}, 60_000);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : String(error));
  process.exit(1);
}
