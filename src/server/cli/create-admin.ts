// npm run create-admin -- email@example.com [--name "Full Name"]
// Makes a staff account (or promotes an existing one) on the configured database.
import { createAdminCommand } from "./create-admin-command";

createAdminCommand(process.argv.slice(2), process.env, console).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("create-admin failed:", error);
    process.exit(1);
  },
);
