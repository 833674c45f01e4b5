-- Hand-written (ADR 0035): the trigram operator classes behind the search indexes of the staff tables.
-- drizzle's schema cannot declare an extension; PGlite loads pg_trgm as a bundled extension (db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
