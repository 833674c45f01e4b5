import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { expect, test } from "vitest";
import { openDatabase } from "./client";
import { databaseTrouble, isDatabaseUnavailable } from "./database-unavailable";

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

test("a pool whose every connection is in use is busy, not unavailable", async () => {
  // A server that accepts and never answers holds the pool's one connection in its handshake.
  const sockets: net.Socket[] = [];
  const silent = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as net.AddressInfo;
  const pool = new pg.Pool({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    max: 1,
    connectionTimeoutMillis: 300,
  });
  try {
    const holding = reject(pool.query("select 1"));
    const waiting = await reject(pool.query("select 1"));
    expect(databaseTrouble(waiting)).toBe("busy");
    expect(databaseTrouble(new Error("Failed query: select 1", { cause: waiting }))).toBe("busy");
    expect(isDatabaseUnavailable(waiting)).toBe(false);
    // The one connection that could not be opened in time does mean the database is unreachable.
    expect(databaseTrouble(await holding)).toBe("unavailable");
  } finally {
    await pool.end();
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});

test("errors of the query or of our code are not", async () => {
  const client = new PGlite();
  try {
    const error = await reject(drizzle(client).execute(sql`select * from no_such_table`));
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(databaseTrouble(error)).toBeUndefined();
  } finally {
    await client.close();
  }
});
