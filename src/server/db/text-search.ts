import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** `term` as an ILIKE pattern that matches it anywhere: its own `\`, `%` and `_` are plain characters. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Whether `column` holds `term`, in any case. ILIKE folds case as lower() does, and a trigram
 * GIN index (`gin_trgm_ops`, ADR 0035) serves it from three characters up; shorter terms scan.
 */
export const containsText = (column: SQL | AnyPgColumn, term: string): SQL =>
  sql`${column} ilike ${containsPattern(term)}`;
