import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { REPO_ROOT, childEnv, killChildren, runNode } from "../test/child-process";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

const holder = path.join(REPO_ROOT, "src/server/test/hold-data-dir-lock.ts");
const builtServer = path.join(REPO_ROOT, "dist/server/index.js");

const dirs: string[] = [];
afterEach(() => {
  killChildren();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-lock-"));
  dirs.push(dir);
  return dir;
}

const holdLock = (dataDir: string) => runNode(["--import", "tsx", holder, dataDir]);

/** A PID that certainly does not run any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid!;
  await new Promise((resolve) => child.on("exit", resolve));
  return pid;
}

describe("lockDataDir", () => {
  test("writes our PID to a lock file and removes it on release", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const lockFile = path.join(dir, "cogwork.lock");
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
    release();
    expect(() => lockDataDir(dir)()).not.toThrow();
  });

  test("creates the data folder if needed", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const release = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, "cogwork.lock"))).toBe(true);
    release();
  });

  test("a second process on the same folder fails at once with a clear message", async () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      const second = holdLock(dir);
      const { code } = await second.exit;
      expect(code).toBe(1);
      expect(second.output()).toContain(
        `The data folder ${path.resolve(dir)} is in use by another Cogwork process (PID ${process.pid}). Stop that process first, or point DATA_DIR at another folder.`,
      );
      expect(second.output()).not.toMatch(/^\s+at /m);
    } finally {
      release();
    }
  });

  test("refuses while another process holds the lock, and takes it over once that process is gone", async () => {
    const dir = tempDir();
    const first = holdLock(dir);
    await first.waitFor(/locked \d+/);
    const pid = Number(/locked (\d+)/.exec(first.output())![1]);

    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`(PID ${pid})`);

    // Killed without a chance to clean up: the lock file stays behind, stale.
    first.child.kill("SIGKILL");
    await first.exit;
    expect(fs.readFileSync(path.join(dir, "cogwork.lock"), "utf8")).toBe(String(pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "cogwork.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  test("a lock left by a dead PID, or an unreadable one, is taken over", async () => {
    const dir = tempDir();
    const lockFile = path.join(dir, "cogwork.lock");
    for (const content of [String(await deadPid()), "", "not a pid"]) {
      fs.writeFileSync(lockFile, content);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
      release();
    }
  });
});

describe.skipIf(!fs.existsSync(builtServer))("the built server", () => {
  test("a second server on the same DATA_DIR exits at once with the lock message; the first stops cleanly", async () => {
    const dir = tempDir();
    const env = childEnv({ DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1" });
    const first = runNode([builtServer], env);
    await first.waitFor(/ready in \d+ ms/, 120_000);

    const second = runNode([builtServer], env);
    const { code, ms } = await second.exit;
    expect(code).toBe(1);
    expect(ms).toBeLessThan(30_000);
    expect(second.output()).toContain(
      `The data folder ${path.resolve(dir)} is in use by another Cogwork process (PID ${first.child.pid})`,
    );

    first.child.kill("SIGTERM");
    expect((await first.exit).code).toBe(0);
    expect(fs.existsSync(path.join(dir, "cogwork.lock"))).toBe(false);
  }, 180_000);
});
