import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface ChildRun {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** Resolves when the output matches; rejects on timeout or if the process ends first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

const running = new Set<ChildProcess>();

/** Runs `node <args>` from the repository root; stop leftovers with killChildren() in afterEach. */
export function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): ChildRun {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let output = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) =>
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal, ms: Date.now() - started });
    }),
  );
  return {
    child,
    output: () => output,
    exit,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`)),
          timeoutMs,
        );
        const check = () => {
          if (!pattern.test(output)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        listeners.add(check);
        void exit.then(() => {
          if (pattern.test(output)) return;
          clearTimeout(timer);
          reject(new Error(`process ended before ${pattern}; output:\n${output}`));
        });
        check();
      }),
  };
}

/** Kills the children this file started that still run. */
export function killChildren(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

/** A small environment for a child server or command: no database URL or settings of ours leak in. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "development", ...extra };
}
