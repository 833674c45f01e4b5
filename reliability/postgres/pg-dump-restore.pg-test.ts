import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, expect, test } from "vitest";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { setUpAuthenticator } from "../../src/server/test/authenticator";
import { killChildren } from "../../src/server/test/child-process";
import { STAFF_PASSWORD, seedAutomation, startServer } from "../server-process";

const run = promisify(execFile);

// The README's PostgreSQL backup: pg_dump of a live database, pg_restore into an empty one, a server on it.
const PORT = 4405;
const scratches: Awaited<ReturnType<typeof createScratchDatabase>>[] = [];
let folder: string | undefined;
afterEach(() => killChildren());
afterAll(async () => {
  killChildren();
  for (const scratch of scratches) await scratch.drop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

async function scratchDatabase() {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "reliability_dump");
  scratches.push(scratch);
  return scratch.url;
}

/** Rows in each of the app's tables. */
async function tableCounts(url: string): Promise<Record<string, number>> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const schema = name.startsWith("__drizzle") ? "drizzle" : "public";
      const result = await client.query<{ n: number }>(`select count(*)::int as n from ${schema}."${name}"`);
      counts[name] = result.rows[0]!.n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The staff account's recovery codes, once its authenticator app is set up (staff read client data only with one, ADR 0027). */
let recoveryCodes: string[] = [];

/** Signs the staff account in (setting up its app the first time, a recovery code after) and reads the automation's runs. */
async function runsSeenByStaff(baseUrl: string, email: string, automationId: string) {
  const post = (path: string, body: unknown, cookie = "") =>
    fetch(`${baseUrl}/api/auth${path}`, {
      method: "POST",
      headers: { origin: baseUrl, "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
  const signIn = await post("/sign-in/email", { email, password: STAFF_PASSWORD });
  expect(signIn.status).toBe(200);
  let cookie = cookieOf(signIn);
  const { twoFactorRedirect } = (await signIn.json()) as { twoFactorRedirect?: boolean };
  if (twoFactorRedirect) {
    const verified = await post("/two-factor/verify-backup-code", { code: recoveryCodes.pop() }, cookie);
    expect(verified.status).toBe(200);
    cookie = cookieOf(verified);
  } else {
    const enrolled = await setUpAuthenticator(post, cookie, STAFF_PASSWORD);
    ({ cookie, recoveryCodes } = enrolled);
  }
  const runs = await fetch(`${baseUrl}/api/automations/${automationId}/runs`, { headers: { cookie } });
  expect(runs.status).toBe(200);
  const body = (await runs.json()) as { runs: { externalRunId: string; status: string }[] };
  return body.runs.map((r) => `${r.externalRunId}:${r.status}`).sort();
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

test("pg_dump of a running server's database restores with pg_restore into one a server runs on, with the same data", async () => {
  const source = await scratchDatabase();
  const seeded = await seedAutomation({ url: source });
  const server = await startServer(PORT, { url: source });
  for (const [i, status] of ["success", "failed", "success"].entries()) {
    const reported = await fetch(`${server.baseUrl}/api/v1/runs`, {
      method: "POST",
      headers: { authorization: `Bearer ${seeded.ingestKey}`, "content-type": "application/json" },
      body: JSON.stringify({ externalRunId: `dump-${i}`, status, startedAt: new Date().toISOString() }),
    });
    expect(reported.status).toBe(201);
  }
  const seenBefore = await runsSeenByStaff(server.baseUrl, seeded.staffEmail, seeded.automationId);

  folder = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-pg-dump-"));
  const dump = path.join(folder, "cogwork.dump");
  await run("pg_dump", ["--format=custom", `--file=${dump}`, source]);
  server.run.child.kill("SIGTERM");
  await server.run.exit;

  const target = await scratchDatabase();
  await run("pg_restore", ["--no-owner", `--dbname=${target}`, dump]);
  expect(await tableCounts(target)).toEqual(await tableCounts(source));

  const restored = await startServer(PORT, { url: target });
  expect(await runsSeenByStaff(restored.baseUrl, seeded.staffEmail, seeded.automationId)).toEqual(seenBefore);
  expect(seenBefore).toHaveLength(3);
});
