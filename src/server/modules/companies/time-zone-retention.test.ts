import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { automationRunDaily } from "../../db/schema/automations";
import { registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { deleteRunsPastRetention } from "../ingest";
import { updateTimeZone } from "./update-time-zone.service";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let owner: Caller;
beforeAll(async () => {
  t = await createTestRuntime({ RUN_RETENTION_DAYS: "400" });
  staff = await givenStaff(t, "zone-retention-staff@agency.test");
  owner = await givenClient(t, "zone-retention@acme.test", "Zone Acme");
}, 180_000);
afterAll(() => t.close());

const rollup = async (automationId: string) =>
  Object.fromEntries(
    (
      await t.db
        .select({ day: automationRunDaily.day, success: automationRunDaily.success })
        .from(automationRunDaily)
        .where(eq(automationRunDaily.automationId, automationId))
    ).map((row) => [row.day, row.success]),
  );

test("a time zone change after retention deleted old runs keeps the old days' figures and moves the kept runs", async () => {
  const automation = await registerAutomation(t, staff, owner.companyId!);
  const runs = [
    { externalRunId: "march", status: "success", startedAt: "2026-03-10T10:00:00Z" },
    // 23:30 UTC on 20 November: 21 November in Tokyo.
    { externalRunId: "late-evening", status: "success", startedAt: "2026-11-20T23:30:00Z" },
  ];
  const reported = await t.request("/api/v1/runs/batch", {
    headers: { authorization: `Bearer ${automation.key}` },
    json: { runs },
  });
  expect(reported.status).toBe(200);
  expect(await rollup(automation.id)).toEqual({ "2026-03-10": 1, "2026-11-20": 1 });

  // In June 2027, March 2026 is past 400 days: its run is deleted, its day's figures are not.
  const june = new Date("2027-06-01T00:00:00Z");
  expect(await deleteRunsPastRetention(t.context({ now: june }))).toBe(1);
  const actor = { id: owner.userId, email: owner.email, name: "Owner", role: null, ip: null };
  const scope = { all: false as const, companyId: owner.companyId! };
  await updateTimeZone(t.context({ actor, scope, now: june }), { companyId: owner.companyId!, timeZone: "Asia/Tokyo" });

  expect(await rollup(automation.id)).toEqual({ "2026-03-10": 1, "2026-11-21": 1 });
});
