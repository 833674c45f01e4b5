import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { automationRunDaily } from "../../db/schema/automations";
import { registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import {
  automationMinutesSaved,
  clientRunFiguresSubquery,
  companyRunsBetween,
  countAutomationRuns,
  moneySavedMinor,
  successRate,
  weekAgainstWeekBefore,
} from ".";

let t: TestRuntime;
let companyId: string;
let automationId: string;

beforeAll(async () => {
  t = await createTestRuntime();
  const staff = await givenStaff(t, "ops@agency.test");
  const ann = await givenClient(t, "ann@acme.test", "Acme");
  companyId = ann.companyId!;
  automationId = (await registerAutomation(t, staff, companyId)).id;
  const day = (date: string, success: number, failed: number, running: number, skipped: number, minutes: number) => ({
    automationId,
    companyId,
    day: date,
    success,
    failed,
    running,
    skipped,
    minutesSaved: minutes,
  });
  await t.db
    .insert(automationRunDaily)
    .values([
      day("2026-01-01", 1, 0, 0, 0, 10),
      day("2026-01-07", 2, 1, 0, 1, 20),
      day("2026-01-08", 3, 1, 1, 0, 30),
      day("2026-01-14", 4, 0, 0, 2, 40),
      day("2026-01-20", 5, 5, 0, 0, 50),
    ]);
}, 180_000);
afterAll(() => t.close());

describe("the run figures read from the daily rollup", () => {
  test("a rate counts success over success and failed; money is minutes at the hourly value", () => {
    expect(successRate(0, 0)).toBeNull();
    expect(successRate(3, 1)).toBe(0.75);
    expect(moneySavedMinor(90, 6000)).toBe(9000);
    expect(moneySavedMinor(1, 100)).toBe(2);
  });

  test("a week against the week before, every status counted as a run", async () => {
    const figures = await weekAgainstWeekBefore(t.context(), {
      companyId,
      previousStart: "2026-01-01",
      start: "2026-01-08",
      end: "2026-01-14",
    });
    expect(figures).toEqual({
      week: { runs: 11, success: 7, failed: 1, minutesSaved: 70 },
      weekBefore: { runs: 5, success: 3, failed: 1, minutesSaved: 30 },
    });
  });

  test("runs of a company in a period, its end left out; minutes and runs of one automation", async () => {
    const ctx = t.context();
    expect(await companyRunsBetween(ctx, { companyId, from: "2026-01-07", before: "2026-01-20" })).toBe(15);
    expect(await automationMinutesSaved(ctx, { automationId, from: "2026-01-08" })).toBe(120);
    expect(await countAutomationRuns(ctx, { automationId, from: "2026-01-07", to: "2026-01-14" })).toBe(15);
    expect(await countAutomationRuns(ctx, { automationId, status: "skipped" })).toBe(3);
  });

  test("the clients table's figures: finished runs and failures over 7 days, minutes over 30", async () => {
    const result = (await t.db.execute(
      sql`select * from (${clientRunFiguresSubquery(new Date("2026-01-20T12:00:00Z"))}) r where r.company_id = ${companyId}`,
    )) as unknown as { rows: { runs_7d: number; failed_7d: number; minutes_30d: string | number }[] };
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({ runs_7d: 14, failed_7d: 5 });
    expect(Number(result.rows[0]!.minutes_30d)).toBe(150);
  });
});
