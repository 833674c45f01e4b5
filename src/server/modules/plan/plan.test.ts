import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetAdminOverviewResponse } from "../../../shared/admin";
import { ZGetDashboardResponse } from "../../../shared/dashboard";
import { ZGetPlanItemResponse, ZListPlanItemsResponse } from "../../../shared/plan";
import { pendingCharge } from "../../db/schema/billing";
import { planItem } from "../../db/schema/plan";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { createPlanItem } from "./create-item.service";
import { planKit } from "./plan-test-kit";
import { requestExample } from "./plan.routes";
import { requestLimitPerMonth } from "./request-limit";
import type * as RequestLimit from "./request-limit";

// The request limit comes from the company's billing plan; one test sets it directly.
vi.mock("./request-limit", async (importOriginal) => {
  const real = await importOriginal<typeof RequestLimit>();
  return { requestLimitPerMonth: vi.fn(real.requestLimitPerMonth) };
});

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

const itemsOf = async (companyId: string) => t.db.select().from(planItem).where(eq(planItem.companyId, companyId));

test("a request is validated with the form's messages, and nothing is stored when refused", async () => {
  const before = (await itemsOf(ann.companyId!)).length;
  const res = await expectError(
    kit.call(ann, "/api/plan/items", { ...requestExample, title: "", minutesEach: 0, priority: "urgent" }),
    400,
  );
  expect(res.fields).toMatchObject({
    title: "Required",
    minutesEach: "Minutes each time must be at least 1",
    priority: "Priority must be low, normal or high",
  });
  expect((await itemsOf(ann.companyId!)).length).toBe(before);
});

test("a request waits on the agency, tells staff by email and starts the history", async () => {
  const item = await kit.request(ann, { priority: "high", wishedDate: "2027-04-01", title: "Sync refunds" });
  expect(item).toMatchObject({ state: "requested", category: "waiting_on_agency", priority: "high" });
  expect(item.wishedDate).toBe("2027-04-01");
  expect(item.estimatedMinutesPerMonth).toBe(requestExample.timesPerMonth * requestExample.minutesEach);
  expect(item.history).toMatchObject([{ field: "state", fromValue: null, toValue: "requested", side: "client" }]);
  expect(
    (await t.outbox("sam@agency.test")).some((m) => m.kind === "plan-requested" && m.subject.includes("Acme")),
  ).toBe(true);
  const list = await expectBody(
    kit.call(ann, "/api/plan/items?category=waiting_on_agency"),
    200,
    ZListPlanItemsResponse,
  );
  expect(list.items.map((i) => i.id)).toContain(item.id);
  const none = await expectBody(kit.call(ann, "/api/plan/items?category=done"), 200, ZListPlanItemsResponse);
  expect(none.items.map((i) => i.id)).not.toContain(item.id);
});

test("the monthly request limit, once the plan sets one, refuses with a message that says so", async () => {
  const scope = { all: false as const, companyId: ann.companyId! };
  const actor = { id: ann.userId, email: ann.email, ip: null, name: "Ann", role: null };
  const input = { ...requestExample, priority: "normal" as const, wishedDate: null };
  const used = (await itemsOf(ann.companyId!)).length;
  vi.mocked(requestLimitPerMonth).mockResolvedValueOnce(used);
  await expect(createPlanItem(t.context({ actor, scope }), input)).rejects.toMatchObject({
    code: "CONFLICT",
    message: expect.stringMatching(new RegExp(`^Your plan includes ${used} automation requests? a month`)),
  });
  expect((await itemsOf(ann.companyId!)).length).toBe(used);
  vi.mocked(requestLimitPerMonth).mockResolvedValueOnce(used + 1);
  await expect(createPlanItem(t.context({ actor, scope }), input)).resolves.toMatchObject({ state: "requested" });
});

test("proposals are versioned and the client approves one version, never an outdated one", async () => {
  const item = await kit.itemIn(ann, "proposed");
  const v2 = await kit.ok(kit.staffMove(item.id, kit.bodyFor("proposed", 1, 20)));
  expect(v2.proposals.map((p) => [p.version, p.hoursPerMonth, p.currency])).toEqual([
    [2, 20, "EUR"],
    [1, 13, "EUR"],
  ]);
  const outdated = await expectError(kit.clientMove(ann, item.id, { to: "approved", proposalVersion: 1 }), 409);
  expect(outdated.message).toBe(
    "Version 1 is not the current proposal: version 2 replaced it. Please read version 2 and approve that one.",
  );
  const approved = await kit.ok(kit.clientMove(ann, item.id, { to: "approved", proposalVersion: 2 }));
  expect(approved).toMatchObject({ state: "approved", approvedVersion: 2, approvedBy: "ann" });
  expect((await t.outbox("sam@agency.test")).some((m) => m.kind === "plan-approved")).toBe(true);
  // The approved version's setup fee waits for the company's next invoice, once.
  const charges = await t.db.select().from(pendingCharge).where(eq(pendingCharge.companyId, ann.companyId!));
  expect(charges.filter((c) => c.description.includes(`"${approved.title}" (proposal version 2)`))).toMatchObject([
    { kind: "setup_fee", amountMinor: 90_000, invoiceId: null },
  ]);
});

test("two approvals of one item at once: one succeeds, the other is refused", async () => {
  const item = await kit.itemIn(ann, "proposed");
  const both = await Promise.all([
    kit.clientMove(ann, item.id, { to: "approved", proposalVersion: 1 }),
    kit.clientMove(ann, item.id, { to: "approved", proposalVersion: 1 }),
  ]);
  expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  const after = await expectBody(kit.call(ann, `/api/plan/items/${item.id}`), 200, ZGetPlanItemResponse);
  expect(after.history.filter((h) => h.toValue === "approved")).toHaveLength(1);
});

test("declining needs a reason, and a revised request goes back to the agency with its changes", async () => {
  const item = await kit.itemIn(ann, "proposed");
  const noReason = await expectError(kit.clientMove(ann, item.id, { to: "declined", reason: "" }), 400);
  expect(noReason.fields).toMatchObject({ reason: "Required" });
  const declined = await kit.ok(kit.clientMove(ann, item.id, kit.bodyFor("declined")));
  expect(declined).toMatchObject({ state: "declined", declineReason: "Too expensive for us this year." });
  const revised = await kit.ok(kit.clientMove(ann, item.id, { to: "requested", priority: "low", note: "Smaller?" }));
  expect(revised).toMatchObject({ state: "requested", priority: "low", declineReason: null });
  expect(revised.history.slice(-2).map((h) => [h.field, h.fromValue, h.toValue, h.comment])).toEqual([
    ["priority", "normal", "low", null],
    ["state", "declined", "requested", "Smaller?"],
  ]);
});

test("the history is complete after a full journey and cannot be edited", async () => {
  const item = await kit.itemIn(ann, "retired");
  expect(item.history.map((h) => `${h.field}:${h.fromValue ?? ""}>${h.toValue ?? ""}`)).toEqual([
    "state:>requested",
    "state:requested>proposed",
    "proposal:>1",
    "state:proposed>approved",
    "state:approved>building",
    `automation:>${requestExample.title}`,
    "state:building>live",
    "state:live>retired",
  ]);
  await expect(t.db.execute(sql`update plan_history set comment = 'x'`)).rejects.toThrow();
  await expect(t.db.execute(sql`delete from plan_history`)).rejects.toThrow();
});

test("the staff queue puts what waits on the agency longest first, and names the company", async () => {
  const older = await kit.request(ann, { title: "Older request" });
  await t.db
    .update(planItem)
    .set({ stateChangedAt: new Date(Date.now() - 9 * 86_400_000) })
    .where(eq(planItem.id, older.id));
  const res = await kit.call(staff, "/api/staff/plan/queue");
  const { items } = (await res.json()) as { items: { id: string; category: string; companyName: string }[] };
  expect(items[0]).toMatchObject({ id: older.id, category: "waiting_on_agency", companyName: "Acme" });
  const firstNotAgency = items.findIndex((i) => i.category !== "waiting_on_agency");
  expect(items.slice(firstNotAgency).every((i) => i.category !== "waiting_on_agency")).toBe(true);
  await expectError(kit.call(ann, "/api/staff/plan/queue"), 403);
});

test("proposals awaiting approval are on the client's dashboard and counted on the agency's", async () => {
  const overview = async () => expectBody(kit.call(staff, "/api/admin/overview"), 200, ZGetAdminOverviewResponse);
  const before = await overview();
  const item = await kit.itemIn(ann, "proposed");
  const dashboard = await expectBody(kit.call(ann, "/api/dashboard"), 200, ZGetDashboardResponse);
  expect(dashboard.proposalsAwaiting).toContainEqual(
    expect.objectContaining({ itemId: item.id, title: item.title, version: 1 }),
  );
  expect((await overview()).proposalsWaiting).toBe(before.proposalsWaiting + 1);
  await kit.ok(kit.clientMove(ann, item.id, { to: "approved", proposalVersion: 1 }));
  const after = await expectBody(kit.call(ann, "/api/dashboard"), 200, ZGetDashboardResponse);
  expect(after.proposalsAwaiting.map((p) => p.itemId)).not.toContain(item.id);
  const counts = await overview();
  expect([counts.proposalsWaiting, counts.requestsWaiting]).toEqual([
    before.proposalsWaiting,
    before.requestsWaiting + 1,
  ]);
});

test("a comment shows its author's current name once they change it, on both sides", async () => {
  const clara = await givenClient(t, "clara@claes.test", "Claes BV");
  const item = await kit.request(clara);
  const commented = await kit.call(clara, `/api/plan/items/${item.id}/comments`, { body: "Can it also do refunds?" });
  expect(commented.status).toBe(201);
  const renamed = await as(clara, "/api/auth/update-user", { ip: t.newIp(), json: { name: "Clara Claes" } });
  expect(renamed.status).toBe(200);
  for (const [who, path] of [
    [clara, `/api/plan/items/${item.id}`],
    [staff, `/api/plan/items/${item.id}`],
  ] as const) {
    const seen = await expectBody(kit.call(who, path), 200, ZGetPlanItemResponse);
    expect(seen.comments.map((c) => c.authorName)).toEqual(["Clara Claes"]);
  }
});
