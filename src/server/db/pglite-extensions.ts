import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The PostgreSQL extensions the migrations create, bundled with PGlite: every embedded database
 * is opened with them (server, backup, restore), or `CREATE EXTENSION` and the indexes that use
 * them could not be read. pg_trgm gives the staff tables' searches their indexes (ADR 0035).
 */
export const pgliteExtensions = { pg_trgm };
