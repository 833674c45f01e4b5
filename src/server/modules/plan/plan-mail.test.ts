import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetPlanItemResponse, ZPlanCommentResponse } from "../../../shared/plan";
import { planItem } from "../../db/schema/plan";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { REMINDER_AFTER_MS, sendPendingCommentNotices, sendProposalReminders } from "./plan-mail.service";
import { planKit } from "./plan-test-kit";

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

const mails = async (to: string, kind: string) => (await t.outbox(to)).filter((m) => m.kind === kind);

test("comments from both sides; the other side gets at most one email per item per five minutes, grouped", async () => {
  const item = await kit.itemIn(ann, "proposed");
  const empty = await expectError(kit.call(ann, `/api/plan/items/${item.id}/comments`, { body: " " }), 400);
  expect(empty.fields).toMatchObject({ body: "Required" });

  const staffMailsBefore = (await mails("sam@agency.test", "plan-comments")).length;
  const first = await expectBody(
    kit.call(ann, `/api/plan/items/${item.id}/comments`, { body: "Does this cover refunds?" }),
    201,
    ZPlanCommentResponse,
  );
  expect(first).toMatchObject({ side: "client", authorName: "ann" });
  await kit.call(ann, `/api/plan/items/${item.id}/comments`, { body: "And credit notes?" });
  const toStaff = await mails("sam@agency.test", "plan-comments");
  expect(toStaff.length - staffMailsBefore).toBe(1);
  expect(toStaff[0]!.text).toContain("Does this cover refunds?");
  expect(toStaff[0]!.subject).toContain("Acme");

  // The second comment waits for the window; the worker's pass sends it once the window has ended.
  expect(await sendPendingCommentNotices(t.context())).toBe(0);
  const later = new Date(Date.now() + 5 * 60_000 + 1000);
  expect(await sendPendingCommentNotices(t.context({ now: later }))).toBe(1);
  const grouped = (await mails("sam@agency.test", "plan-comments"))[0]!;
  expect(grouped.text).toContain("And credit notes?");
  expect(grouped.text).not.toContain("Does this cover refunds?");
  expect(await sendPendingCommentNotices(t.context({ now: later }))).toBe(0);

  // Staff answer: the client is mailed, in the client's words.
  await expectBody(
    kit.call(staff, `/api/staff/plan/items/${item.id}/comments`, { body: "Yes, both are included." }),
    201,
    ZPlanCommentResponse,
  );
  const toClient = await mails("ann@acme.test", "plan-comments");
  expect(toClient).toHaveLength(1);
  expect(toClient[0]!.text).toContain("Yes, both are included.");
  const page = await expectBody(kit.call(ann, `/api/plan/items/${item.id}`), 200, ZGetPlanItemResponse);
  expect(page.comments.map((c) => [c.side, c.body])).toEqual([
    ["client", "Does this cover refunds?"],
    ["client", "And credit notes?"],
    ["staff", "Yes, both are included."],
  ]);
});

test("a proposal that waited five days on the client is reminded once per version, even with two workers", async () => {
  const item = await kit.itemIn(ann, "proposed");
  const sixDaysAgo = new Date(Date.now() - REMINDER_AFTER_MS - 86_400_000);
  await t.db.update(planItem).set({ stateChangedAt: sixDaysAgo }).where(eq(planItem.id, item.id));
  const before = (await mails("ann@acme.test", "plan-reminder")).length;
  const passes = await Promise.all([sendProposalReminders(t.context()), sendProposalReminders(t.context())]);
  expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
  expect(await sendProposalReminders(t.context())).toBe(0);
  const reminders = await mails("ann@acme.test", "plan-reminder");
  expect(reminders.length - before).toBe(1);
  expect(reminders[0]!.text).toContain("five days");

  // A newer version waits anew, and gets its own reminder after five more days.
  await kit.ok(kit.staffMove(item.id, kit.bodyFor("proposed", 1, 30)));
  expect(await sendProposalReminders(t.context())).toBe(0);
  const later = new Date(Date.now() + REMINDER_AFTER_MS + 1000);
  // (The first test's proposal is due by then too: two reminders.)
  expect(await sendProposalReminders(t.context({ now: later }))).toBe(2);
  const [row] = await t.db.select().from(planItem).where(eq(planItem.id, item.id));
  expect(row!.remindedVersion).toBe(2);
});
