/**
 * Starts scripts/lib/portal-server.ts in a child process (so that the load generator does not
 * share the server's event loop) and talks to it over its IPC channel.
 */
import { fork } from "node:child_process";
import path from "node:path";

export interface PortalServer {
  port: number;
  client: string;
  keys: string[];
  /** Sends a message; resolves with the server's next message. */
  ask: <T>(message: string) => Promise<T>;
  stop: () => Promise<void>;
}

/**
 * The portal server on PGlite in memory, or on the database `dbUrl`; `env` adds settings
 * (BENCH_RUNS, BENCH_WEB_ROOT…). BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof",
 * are the server's own Node flags.
 */
export async function startPortalServer(dbUrl?: string, env: Record<string, string> = {}): Promise<PortalServer> {
  const child = fork(path.join(import.meta.dirname, "portal-server.ts"), {
    execArgv: ["--import", "tsx", ...(process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [])],
    env: { ...process.env, BENCH_SERVER_DB_URL: dbUrl ?? "", ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = await new Promise<Omit<PortalServer, "ask" | "stop">>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Omit<PortalServer, "ask" | "stop">));
    child.once("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      child.once("message", (m) => resolve(m as T));
      child.send(message);
    });
  const stop = () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.send("stop")));
  return { ...ready, ask, stop };
}
