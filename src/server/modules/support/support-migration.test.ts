import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, test, vi } from "vitest";
import { pgliteExtensions } from "../../db/pglite-extensions";

vi.setConfig({ testTimeout: 120_000 });

const source = path.resolve(import.meta.dirname, "../../../../drizzle");
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

/** The migrations folder as it was before the support migration. */
function migrationsBeforeSupport() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-migrations-"));
  folders.push(folder);
  fs.cpSync(source, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith("_support"));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe("the support migration", () => {
  test("turns every stored problem report into a broken-automation ticket, its message the first of the thread", async () => {
    // With the extensions every embedded database opens with: the later migrations create them.
    const client = new PGlite({ extensions: pgliteExtensions });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBeforeSupport() });
    await client.exec(`
      INSERT INTO "user" (id, name, email) VALUES ('u1', 'Ann', 'ann@acme.test');
      INSERT INTO company (id, name) VALUES ('00000000-0000-4000-8000-000000000001', 'Acme');
      INSERT INTO automation (id, company_id, name, purpose, platform, trigger_description, minutes_saved_per_run)
        VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Invoices', 'p', 'n8n', 't', 5);
      INSERT INTO automation_run (id, automation_id, company_id, external_id, status, started_at, error_message)
        VALUES ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002',
          '00000000-0000-4000-8000-000000000001', 'r1', 'failed', '2026-03-10T09:00:00Z', 'The shop did not answer.');
      INSERT INTO run_problem_report (id, company_id, automation_id, run_id, user_id, message, status, created_at) VALUES
        ('00000000-0000-4000-8000-000000000010', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
          '00000000-0000-4000-8000-000000000003', 'u1', 'Missing invoices', 'open', '2026-03-10T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
          NULL, NULL, 'Old one', 'resolved', '2026-03-01T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder: source });
    const tickets = await client.query<Record<string, unknown>>(
      `SELECT id, subject, category, status, opened_by, run_id, run_snapshot, resolved_at IS NOT NULL AS resolved, created_at
       FROM ticket ORDER BY created_at`,
    );
    expect(
      tickets.rows.map((row) => [row.id, row.subject, row.category, row.status, row.opened_by, row.resolved]),
    ).toEqual([
      ["00000000-0000-4000-8000-000000000011", "Problem with Invoices", "broken_automation", "resolved", null, true],
      ["00000000-0000-4000-8000-000000000010", "Problem with Invoices", "broken_automation", "open", "u1", false],
    ]);
    expect(tickets.rows[1]!.run_snapshot).toEqual({
      status: "failed",
      startedAt: "2026-03-10T09:00:00.000Z",
      errorMessage: "The shop did not answer.",
    });
    const messages = await client.query<Record<string, unknown>>(
      "SELECT ticket_id, author_id, side, kind, body FROM ticket_message ORDER BY created_at",
    );
    expect(messages.rows.map((row) => [row.author_id, row.side, row.kind, row.body])).toEqual([
      [null, "client", "public", "Old one"],
      ["u1", "client", "public", "Missing invoices"],
    ]);
    const left = await client.query("SELECT to_regclass('run_problem_report') AS t");
    expect(left.rows[0]).toEqual({ t: null });
    await client.close();
  });
});
