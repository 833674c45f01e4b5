import { parseArgs } from "node:util";
import { createOrPromoteStaff, generatePassword } from "../auth/staff-account";
import { ConfigError, loadConfig, loadDotEnv } from "../config";
import { openDatabase } from "../db/client";
import { DataDirLockedError, lockDataDir } from "../db/data-dir-lock";

/**
 * npm run create-admin -- ops@agency.com [--name "Full Name"]
 * Prints a generated password once (or uses CREATE_ADMIN_PASSWORD, for scripts).
 */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { name: { type: "string" } } });
  const email = positionals[0]?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    console.error('Usage: npm run create-admin -- you@your-agency.com [--name "Your Name"]');
    process.exit(2);
  }
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  const handle = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    const password = process.env.CREATE_ADMIN_PASSWORD || generatePassword();
    const result = await createOrPromoteStaff(handle.db, { email, name: values.name ?? email.split("@")[0]!, password });
    if (result.created) {
      console.log(`Staff account created: ${email}`);
      if (!process.env.CREATE_ADMIN_PASSWORD) console.log(`Password (shown once): ${password}`);
    } else {
      console.log(`${email} already had an account; it is now a staff account (its password is unchanged).`);
    }
  } finally {
    await handle.close();
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
