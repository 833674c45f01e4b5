import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetPlanItemResponse } from "../../../shared/plan";
import { auditLog } from "../../db/schema/audit";
import { automation } from "../../db/schema/automations";
import { postRun } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { planKit } from "./plan-test-kit";
import { requestExample } from "./plan.routes";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller;
let kit: ReturnType<typeof planKit>;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme");
  kit = planKit(t, staff);
}, 180_000);
afterAll(() => t.close());

test("Building registers the automation from the proposal; going live makes the item Live; runs are measured", async () => {
  const item = await kit.itemIn(ann, "approved");
  const building = await kit.ok(kit.staffMove(item.id, { to: "building" }));
  expect(building.automation).toMatchObject({ name: requestExample.title, status: "building" });
  const [auto] = await t.db.select().from(automation).where(eq(automation.id, building.automation!.id));
  expect(auto).toMatchObject({
    companyId: ann.companyId,
    platform: "n8n",
    minutesSavedPerRun: requestExample.minutesEach,
  });
  expect(auto!.purpose).toContain("n8n workflow");

  // Staff switch the automation on from its own form: the item follows.
  const patched = await as(staff, `/api/staff/companies/${ann.companyId}/automations/${auto!.id}`, {
    method: "PATCH",
    json: { status: "live" },
  });
  expect(patched.status).toBe(200);
  const keyRes = await as(staff, `/api/staff/companies/${ann.companyId}/automations/${auto!.id}/keys`, {
    method: "POST",
  });
  const { key } = (await keyRes.json()) as { key: string };
  const today = new Date().toISOString();
  await postRun(t, key, { externalRunId: "r1", startedAt: today, minutesSaved: 90 });
  await postRun(t, key, { externalRunId: "r2", startedAt: today, minutesSaved: 30 });
  const live = await expectBody(kit.call(ann, `/api/plan/items/${item.id}`), 200, ZGetPlanItemResponse);
  expect(live.state).toBe("live");
  expect(live.history.at(-1)).toMatchObject({ field: "state", fromValue: "building", toValue: "live", side: "staff" });
  expect(live.promise).toEqual({
    promisedHoursPerMonth: 13,
    measuredMinutes30d: 120,
    hourlyValueMinor: 5000,
    promisedValueMinor: 65_000,
    measuredValueMinor: 10_000,
    currency: "EUR",
  });
});

test("Live from the plan switches the automation on; retiring pauses it when staff choose so, and is audited", async () => {
  const item = await kit.itemIn(ann, "live");
  expect(item.automation?.status).toBe("live");
  const retired = await kit.ok(kit.staffMove(item.id, { to: "retired", reason: "Replaced", automation: "pause" }));
  expect(retired).toMatchObject({ state: "retired", retireReason: "Replaced", automation: { status: "paused" } });
  const audits = await t.db.select().from(auditLog).where(eq(auditLog.objectId, item.id));
  expect(audits.map((a) => a.action).sort()).toEqual(
    ["plan_item.building", "plan_item.live", "plan_item.proposed", "plan_item.retired"].sort(),
  );
});

test("Building can link an existing automation of the company; one already live makes the item Live", async () => {
  const item = await kit.itemIn(ann, "approved");
  const [auto] = await t.db
    .insert(automation)
    .values({
      companyId: ann.companyId!,
      name: "Existing sync",
      purpose: "Already there.",
      platform: "make",
      triggerDescription: "Hourly",
      minutesSavedPerRun: 3,
      status: "live",
    })
    .returning();
  const linked = await kit.ok(kit.staffMove(item.id, { to: "building", automationId: auto!.id }));
  expect(linked).toMatchObject({ state: "live", automation: { id: auto!.id, name: "Existing sync" } });
  // Every move is in the history, in order: the item passed through Building on its way to Live.
  const moves = linked.history.filter((h) => h.field === "state").map((h) => `${h.fromValue ?? ""} → ${h.toValue}`);
  expect(moves).toEqual([
    " → requested",
    "requested → proposed",
    "proposed → approved",
    "approved → building",
    "building → live",
  ]);
  const seen = await expectBody(kit.call(ann, `/api/plan/items/${item.id}`), 200, ZGetPlanItemResponse);
  expect(seen.history.map((h) => h.id)).toEqual(linked.history.map((h) => h.id));
  const other = await givenClient(t, "olga@other.test", "Other");
  const foreign = await kit.itemIn(other, "approved");
  await expectError(kit.staffMove(foreign.id, { to: "building", automationId: auto!.id }), 404);
});
