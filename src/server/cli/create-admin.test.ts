import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { REPO_ROOT, childEnv, killChildren, runNode } from "../test/child-process";
import { USAGE, createAdminCommand } from "./create-admin-command";

const dirs: string[] = [];
afterEach(() => {
  killChildren();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-admin-"));
  dirs.push(dir);
  return path.join(dir, "data");
}

/** Runs the command in this process against an embedded database in dataDir. */
async function createAdmin(args: string[], dataDir: string, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const code = await createAdminCommand(
    args,
    { DATA_DIR: dataDir, LOG_LEVEL: "error", ...env },
    {
      log: (line) => lines.push(line),
      error: (line, detail) => lines.push(detail === undefined ? line : `${line} ${String(detail)}`),
    },
  );
  return { code, output: lines.join("\n") };
}

describe("create-admin", () => {
  test("creates a staff account on the embedded database, prints the password once, then says it exists", async () => {
    const dataDir = tempDataDir();
    const first = await createAdmin(["Boss@Example.com", "--name", "Big Boss"], dataDir);
    expect(first.output).toMatch(/^Created the staff account boss@example\.com \(Big Boss\)\.$/m);
    expect(first.output).toMatch(/^Password, shown this once: [A-Za-z0-9_-]{24}$/m);
    expect(first.output).toContain("http://localhost:3000/secure-login");
    expect(first.code).toBe(0);
    // The runtime was closed: the lock is released and the next run opens the same data.
    expect(fs.existsSync(path.join(dataDir, "cogwork.lock"))).toBe(false);

    const second = await createAdmin(["boss@example.com", "--name=Big Boss"], dataDir);
    expect(second.output).toBe("boss@example.com (Big Boss) is already a staff account (admin); nothing changed.");
    expect(second.code).toBe(0);
  }, 120_000);

  test.each([
    [[], "Give the staff member's email address."],
    [["not-an-email"], "email: Invalid email"],
    [["a@example.com", "b@example.com"], "Give exactly one email address."],
    [["a@example.com", "--nmae", "Typo"], "Unknown option '--nmae'"],
    [["a@example.com", "--name"], "Option '--name <value>' argument missing"],
    [["a@example.com", "--name", "x".repeat(256)], "name: String must contain at most 255 character(s)"],
  ])("refuses %j with a clear message and exit code 1, touching no data", async (args, message) => {
    const dataDir = tempDataDir();
    const { code, output } = await createAdmin(args, dataDir);
    expect(output).toContain(message);
    expect(output.endsWith(USAGE)).toBe(true);
    expect(code).toBe(1);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  test("--help prints the usage", async () => {
    expect(await createAdmin(["--help"], tempDataDir())).toEqual({ code: 0, output: USAGE });
  });

  test("a configuration error is reported readably", async () => {
    const { code, output } = await createAdmin(["boss@example.com"], tempDataDir(), { DATABASE_URL: "mysql://nope" });
    expect(output).toBe(
      "Invalid configuration:\n  DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://",
    );
    expect(code).toBe(1);
  });

  test("the command run while the server holds the embedded database fails at once with the lock message", async () => {
    const dataDir = tempDataDir();
    // The "server": another process holding the data folder.
    const server = runNode(["--import", "tsx", path.join(REPO_ROOT, "src/server/test/hold-data-dir-lock.ts"), dataDir]);
    await server.waitFor(/locked \d+/);
    const command = runNode(
      ["--import", "tsx", path.join(REPO_ROOT, "src/server/cli/create-admin.ts"), "boss@example.com"],
      childEnv({ DATA_DIR: dataDir }),
    );
    const { code } = await command.exit;
    expect(command.output().trim()).toBe(
      `The data folder ${path.resolve(dataDir)} is in use by another Cogwork process (PID ${server.child.pid}). Stop that process first, or point DATA_DIR at another folder.`,
    );
    expect(code).toBe(1);
  }, 60_000);
});
