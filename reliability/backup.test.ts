import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, expect, test } from "vitest";
import { openDatabase } from "../src/server/db/client";
import { automationRunDaily } from "../src/server/db/schema/automations";
import { childEnv, killChildren, runNode } from "../src/server/test/child-process";
import { startIngestLoad } from "./ingest-load";
import { AUTH_SECRET, STAFF_PASSWORD, seedAutomation, startServer, storedRunIds } from "./server-process";

// The embedded database's backup, taken while the server runs and takes run reports, restored
// into an empty folder, and a server started on it.
const PORT = 4471;
const folders: string[] = [];
afterEach(() => killChildren());
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const tempFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-backup-test-"));
  folders.push(folder);
  return folder;
};

/** A data folder with a staff account and an automation, as the server would find it. */
async function seededDataDir() {
  const dataDir = path.join(tempFolder(), "data");
  fs.mkdirSync(dataDir);
  return { dataDir, seeded: await seedAutomation({ dataDir }) };
}

/** `npm run backup` / `npm run restore` as built, on a data folder; resolves with the exit code and output. */
async function command(script: "backup" | "restore", dataDir: string, file: string) {
  const run = runNode([`dist/server/${script}.js`, file], childEnv({ DATA_DIR: dataDir, AUTH_SECRET }));
  const { code } = await run.exit;
  return { code, output: run.output() };
}

/** Runs stored, and runs counted by the daily figures: equal in a consistent copy. */
async function runFigures(dataDir: string, automationId: string) {
  const handle = await openDatabase({ dataDir });
  try {
    const [counted] = await handle.db
      .select({ total: sql<number>`coalesce(sum(${automationRunDaily.success}), 0)::int` })
      .from(automationRunDaily)
      .where(eq(automationRunDaily.automationId, automationId));
    return { counted: counted!.total };
  } finally {
    await handle.close();
  }
}

test("a backup taken while the server takes run reports restores to a consistent database a server runs on", async () => {
  const { dataDir, seeded } = await seededDataDir();
  const server = await startServer(PORT, { dataDir });
  const load = startIngestLoad(server.baseUrl, seeded.ingestKey, { prefix: "backup" });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const acknowledgedBefore = new Set(load.acknowledged);

  const file = path.join(tempFolder(), "cogwork-backup.tar.gz");
  const backup = await command("backup", dataDir, file);
  expect(backup.output).toMatch(/is running on .*: asking it for the backup/);
  expect(backup.code, backup.output).toBe(0);
  await load.stop();
  server.run.child.kill("SIGTERM");
  await server.run.exit;

  const restoredDir = path.join(tempFolder(), "restored");
  const restore = await command("restore", restoredDir, file);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toMatch(/^Restored the backup of \d{4}-\d\d-\d\dT.* into /m);

  // Every run acknowledged before the backup began is in it, and the daily figures count exactly the runs stored.
  const restoredRuns = await storedRunIds({ dataDir: restoredDir }, seeded.automationId);
  expect([...acknowledgedBefore].filter((id) => !restoredRuns.has(id))).toEqual([]);
  expect(await runFigures(restoredDir, seeded.automationId)).toEqual({ counted: restoredRuns.size });
  console.log(
    `reliability: backup under load — ${load.acknowledged.size} runs acknowledged, ${restoredRuns.size} in the backup, ` +
      `${fs.statSync(file).size} bytes`,
  );

  // A server on the restored folder: the staff account signs in (same secret, same password).
  const restored = await startServer(PORT, { dataDir: restoredDir });
  const signIn = await fetch(`${restored.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: restored.baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email: seeded.staffEmail, password: STAFF_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
});

test("without a running server the backup is taken directly; a restore never writes into a folder with data", async () => {
  const { dataDir } = await seededDataDir();
  const file = path.join(tempFolder(), "offline.tar.gz");
  const backup = await command("backup", dataDir, file);
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).not.toMatch(/asking it/);

  const refused = await command("restore", dataDir, file);
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/is not empty\. Restore into an empty folder/);

  const notABackup = path.join(tempFolder(), "notes.txt");
  fs.writeFileSync(notABackup, "hello");
  const wrong = await command("restore", path.join(tempFolder(), "empty"), notABackup);
  expect(wrong.code).toBe(1);
  expect(wrong.output).toMatch(/is not a Cogwork backup/);
});
