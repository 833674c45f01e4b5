import { sql, type SQL } from "drizzle-orm";
import { isUuid } from "../../shared/uuid";
import { AppError } from "./app-error";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A page cursor that names the last row seen by its time and id, so that rows of one instant
 * are neither skipped nor repeated (a timestamp alone is ambiguous). The time is kept to the
 * microsecond, as the database stores it: a JavaScript Date would round it to milliseconds
 * and skip the rows within that millisecond.
 */
export type KeysetPosition = { time: string; id: string };

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Select this beside a row to make its cursor: the row's time in UTC, to the microsecond. */
export const exactTime = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeCursor = (row: KeysetPosition) => Buffer.from(`${row.time}|${row.id}`).toString("base64url");

export function decodeCursor(cursor: string, startOver: string): KeysetPosition {
  const [time, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!id || !isUuid(id) || !time || !EXACT_TIME.test(time) || Number.isNaN(Date.parse(time))) {
    throw new AppError("VALIDATION", `This page link is not valid; ${startOver}.`, {
      fields: { cursor: "Not a valid cursor" },
    });
  }
  return { time, id };
}

/** Rows after the position in newest-first order by (createdAt, id): one row comparison. */
export const olderThan = (columns: { createdAt: AnyPgColumn; id: AnyPgColumn }, last: KeysetPosition): SQL =>
  sql`(${columns.createdAt}, ${columns.id}) < (${last.time}::timestamptz, ${last.id}::uuid)`;

/** Rows before (`<`) or after (`>`) the position in (time, id) order: one row comparison, for any time column. */
export const keysetCompare = (time: AnyPgColumn, id: AnyPgColumn, op: "<" | ">", at: KeysetPosition): SQL =>
  sql`(${time}, ${id}) ${sql.raw(op)} (${at.time}::timestamptz, ${at.id}::uuid)`;
