import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { RUNS_PAGE_SIZE } from "../../../shared/automations";
import { automationRun } from "../../db/schema/automations";
import { json, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { rebuildDailyRollup } from "../ingest";
import { exportRunsCsv } from "./export-runs.service";
import type { TListRunsResponse } from "../../../shared/automations";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let owner: Caller;
let other: Caller;
let auto: { id: string; key: string };
/** Every run's external id, newest first as the history orders them. */
let newestFirst: string[];

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  owner = await givenClient(t, "ann@acme.test", "Acme");
  other = await givenClient(t, "bob@beta.test", "Beta");
  auto = await registerAutomation(t, staff, owner.companyId!, { name: "Invoice sync" });
  // 30 runs at one microsecond, 20 more within that same millisecond, 20 on earlier days:
  // a millisecond cursor would skip or repeat some of them.
  await t.db.execute(sql`
    insert into automation_run (automation_id, company_id, external_id, status, started_at, finished_at, items_processed, minutes_saved, error_message)
    select ${auto.id}::uuid, ${owner.companyId}::uuid, 'run-' || lpad(g::text, 3, '0'),
      case when g % 7 = 0 then 'failed' else 'success' end,
      case when g <= 30 then timestamptz '2026-11-20 08:00:00.123456+00'
           when g <= 50 then timestamptz '2026-11-20 08:00:00.123000+00' + (g - 30) * interval '1 microsecond'
           else timestamptz '2026-11-10 08:00:00+00' + (g - 50) * interval '1 day' end,
      case when g <= 50 then timestamptz '2026-11-20 08:00:42.5+00' end,
      g, 6, case when g = 7 then '=HYPERLINK("http://evil.test","click")' end
    from generate_series(1, 70) as g`);
  await rebuildDailyRollup(t.db, owner.companyId!);
  const rows = await t.db
    .select({ externalId: automationRun.externalId })
    .from(automationRun)
    .where(eq(automationRun.automationId, auto.id))
    .orderBy(desc(automationRun.startedAt), desc(automationRun.id));
  newestFirst = rows.map((row) => row.externalId);
}, 180_000);
afterAll(() => t.close());

const runs = (query: string, cookie = owner.cookie) =>
  t.request(`/api/automations/${auto.id}/runs${query}`, { headers: { cookie } });

describe("run history by keyset", () => {
  test("older then newer pages walk every run once, in order, with runs of one microsecond", async () => {
    const pages: TListRunsResponse[] = [await json<TListRunsResponse>(runs(""))];
    expect(pages[0]!.newerCursor).toBeNull();
    expect(pages[0]!.total).toBe(70);
    while (pages.at(-1)!.olderCursor)
      pages.push(await json<TListRunsResponse>(runs(`?before=${pages.at(-1)!.olderCursor}`)));
    expect(pages.map((p) => p.runs.length)).toEqual([RUNS_PAGE_SIZE, RUNS_PAGE_SIZE, 70 - 2 * RUNS_PAGE_SIZE]);
    expect(pages.flatMap((p) => p.runs.map((r) => r.externalId))).toEqual(newestFirst);

    // Back up from the oldest page: the same pages, and the newest says there is nothing newer.
    const middle = await json<TListRunsResponse>(runs(`?after=${pages[2]!.newerCursor}`));
    expect(middle.runs).toEqual(pages[1]!.runs);
    expect(middle.olderCursor).toBe(pages[1]!.olderCursor);
    const top = await json<TListRunsResponse>(runs(`?after=${middle.newerCursor}`));
    expect(top.runs).toEqual(pages[0]!.runs);
    expect(top.newerCursor).toBeNull();
  });

  test("filters page by keyset too, and a bad or doubled cursor is a readable 400", async () => {
    const failed = await json<TListRunsResponse>(runs("?status=failed"));
    expect(failed.runs.map((r) => r.externalId)).toEqual(newestFirst.filter((id) => Number(id.slice(4)) % 7 === 0));
    expect(failed.olderCursor).toBeNull();
    const day = await json<TListRunsResponse>(runs("?from=2026-11-11&to=2026-11-12"));
    expect(day.runs.map((r) => r.externalId)).toEqual(["run-052", "run-051"]);
    const bad = await runs("?before=bm90LWEtY3Vyc29y");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/page link is not valid/);
    const first = await json<TListRunsResponse>(runs(""));
    const both = await runs(`?before=${first.olderCursor}&after=${first.olderCursor}`);
    expect(both.status).toBe(400);
  });

  test("staff read any company's runs; another company's member gets 404", async () => {
    expect((await json<TListRunsResponse>(runs("", staff.cookie))).runs).toHaveLength(RUNS_PAGE_SIZE);
    expect((await runs("", other.cookie)).status).toBe(404);
    const exported = await as(other, `/api/automations/${auto.id}/runs/export.csv`);
    expect(exported.status).toBe(404);
  });
});

describe("CSV export of runs", () => {
  test("streams the range oldest first, formula-safe, as a named download", async () => {
    const res = await as(owner, `/api/automations/${auto.id}/runs/export.csv?from=2026-11-01&to=2026-11-30`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="invoice-sync-runs-2026-11-01-to-2026-11-30.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte order mark
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe(
      "Run id,Result,Started (UTC),Finished (UTC),Duration (s),Items processed,Minutes saved,Error,Run link",
    );
    expect(lines.at(-1)).toBe("");
    const ids = lines.slice(1, -1).map((line) => line.split(",")[0]);
    expect(ids).toEqual([...newestFirst].reverse());
    expect(lines).toContain(
      `run-007,Failed,2026-11-20T08:00:00Z,2026-11-20T08:00:42Z,42,7,6,"'=HYPERLINK(""http://evil.test"",""click"")",`,
    );
    const staffCopy = await as(staff, `/api/automations/${auto.id}/runs/export.csv?from=2026-11-12&to=2026-11-12`);
    expect((await staffCopy.text()).split("\r\n").slice(1, -1)).toEqual([expect.stringMatching(/^run-052,/)]);
  });

  test("reads in chunks by keyset: small chunks give every run once, across ties", async () => {
    const scope = { all: false as const, companyId: owner.companyId! };
    const { body } = await exportRunsCsv(t.context({ scope }), {
      id: auto.id,
      from: "2026-11-01",
      to: "2026-11-30",
      chunkRows: 7,
    });
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    const reader = body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      chunks.push(decoder.decode(read.value));
    // The header, then one piece per chunk of 7 rows: 70 rows are 10 full chunks and an empty read.
    expect(chunks).toHaveLength(11);
    expect(chunks.slice(1).every((chunk) => chunk.split("\r\n").length - 1 === 7)).toBe(true);
    const ids = chunks
      .slice(1)
      .join("")
      .split("\r\n")
      .slice(0, -1)
      .map((line) => line.split(",")[0]);
    expect(ids).toEqual([...newestFirst].reverse());
  });

  test("refuses a backwards range and another company's automation", async () => {
    const backwards = await as(owner, `/api/automations/${auto.id}/runs/export.csv?from=2026-11-30&to=2026-11-01`);
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).message).toMatch(/From date must not be after the To date/);
    const other = { all: false as const, companyId: "00000000-0000-4000-8000-000000000000" };
    await expect(exportRunsCsv(t.context({ scope: other }), { id: auto.id })).rejects.toThrow(/no such automation/);
  });
});
