import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { expect, test } from "vitest";
import { openDatabase } from "./client";
import { isDatabaseUnavailable } from "./database-unavailable";

// Real errors from the real drivers: a PostgreSQL port nobody listens on, and a bad query.
const reject = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable("it should have failed"),
    (error: unknown) => error,
  );

test("a database that refuses connections is unavailable, whatever wraps the error", async () => {
  const error = await reject(openDatabase({ url: "postgres://postgres@127.0.0.1:1/postgres" }));
  expect(isDatabaseUnavailable(error)).toBe(true);
  expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: error }))).toBe(true);
});

test("errors of the query or of our code are not", async () => {
  const client = new PGlite();
  try {
    const error = await reject(drizzle(client).execute(sql`select * from no_such_table`));
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  } finally {
    await client.close();
  }
});
