// npm run backup -- <file.tar.gz>
// Writes a consistent backup of the embedded database (and its attachments), while the server runs or not.
import { backupCommand } from "./backup-command";

backupCommand(process.argv.slice(2), process.env, console).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("backup failed:", error);
    process.exit(1);
  },
);
