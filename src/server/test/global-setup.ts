import { ensurePgliteTemplate, PGLITE_TEMPLATE_ENV } from "./pglite-template";
import { ensurePostgresTemplate, POSTGRES_TEMPLATE_ENV } from "./postgres-template";

/**
 * Vitest's global setup: one migrated template for every test runtime, kept between runs for the
 * same migrations: a dumped embedded database (`pglite-template.ts`), or on PostgreSQL
 * (TEST_DATABASE_URL) a template database each scratch database is copied from
 * (`postgres-template.ts`).
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL)
    process.env[POSTGRES_TEMPLATE_ENV] = await ensurePostgresTemplate(process.env.TEST_DATABASE_URL);
  else process.env[PGLITE_TEMPLATE_ENV] = await ensurePgliteTemplate();
}
