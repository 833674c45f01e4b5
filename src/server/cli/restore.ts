// npm run restore -- <file.tar.gz>
// Restores a backup of the embedded database into the empty folder DATA_DIR names.
import { restoreCommand } from "./backup-command";

restoreCommand(process.argv.slice(2), process.env, console).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("restore failed:", error);
    process.exit(1);
  },
);
