import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";
const SERVICE_USER = "postgres";

/**
 * A PostgreSQL server of the test's own, in a throwaway data directory: the tests that
 * restart or stop the database must never do it to a server someone else is using.
 * PostgreSQL refuses to run as root, so as root (CI) its commands run as the postgres user.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every backend is terminated (57P01), then the server comes back. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the server and deletes its data directory. */
  remove: () => Promise<void>;
}

const asServiceUser = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? run("runuser", ["-u", SERVICE_USER, "--", command, ...args]) : run(command, args);

export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-pg-"));
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", SERVICE_USER]);
    const { stdout: gid } = await run("id", ["-g", SERVICE_USER]);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  await asServiceUser(path.join(BIN, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  // Loopback only, the socket in the private folder; fsync off because these tests restart
  // the server cleanly or kill the app, never the machine, and the disk is shared.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const ctl = (...args: string[]) =>
    asServiceUser(path.join(BIN, "pg_ctl"), ["-D", dataDir, "-l", logFile, "-w", "-t", "60", ...args]);
  const start = async () => {
    await ctl("-o", options, "start");
  };
  const stop = async () => {
    await ctl("-m", "fast", "stop");
  };
  try {
    await start();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    restart: async () => {
      await ctl("-m", "fast", "-o", options, "restart");
    },
    remove: async () => {
      await stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
