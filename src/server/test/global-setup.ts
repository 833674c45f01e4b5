import { ensurePgliteTemplate, PGLITE_TEMPLATE_ENV } from "./pglite-template";

/**
 * Vitest's global setup: on the embedded database, one migrated template for every test file
 * (`pglite-template.ts`). On PostgreSQL each test makes its own scratch database and migrates it.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  process.env[PGLITE_TEMPLATE_ENV] = await ensurePgliteTemplate();
}
