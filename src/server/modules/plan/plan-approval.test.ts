import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetPlanItemResponse } from "../../../shared/plan";
import { pendingCharge } from "../../db/schema/billing";
import { givenCompany, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { planKit } from "./plan-test-kit";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let kit: ReturnType<typeof planKit>;
let ann: Caller;
let joe: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  kit = planKit(t, await givenStaff(t, "sam@agency.test"));
  // Joe is a plain member of Ann's company.
  const acme = await givenCompany(t, { name: "Acme", owner: "ann@acme.test", members: ["joe@acme.test"] });
  ann = acme.owner;
  joe = acme.members[0]!;
}, 180_000);
afterAll(() => t.close());

/** A proposed item whose proposal has these fees (minor units). */
async function proposedWith(setupFeeMinor: number, monthlyFeeChangeMinor: number) {
  const item = await kit.request(ann);
  const body = kit.bodyFor("proposed");
  if (body.to !== "proposed") throw new Error("unreachable");
  return kit.ok(
    kit.staffMove(item.id, { ...body, proposal: { ...body.proposal, setupFeeMinor, monthlyFeeChangeMinor } }),
  );
}

const chargesOf = async () => t.db.select().from(pendingCharge).where(eq(pendingCharge.companyId, ann.companyId!));

test("a member cannot approve a proposal that adds charges: 403 saying why, nothing approved or charged", async () => {
  const item = await proposedWith(250_000, 30_000);
  const why =
    "Only the owner of Acme can approve this proposal: it adds a setup fee of €2,500 and €300 more a month. " +
    "Ask ann to approve it, or decline it.";
  const seen = await expectBody(kit.call(joe, `/api/plan/items/${item.id}`), 200, ZGetPlanItemResponse);
  expect(seen).toMatchObject({ approveRefusal: why, allowedTransitions: ["declined"] });

  const refused = await expectError(kit.clientMove(joe, item.id, { to: "approved", proposalVersion: 1 }), 403);
  expect(refused).toMatchObject({ message: why, reason: "owner-approval" });
  const after = await expectBody(kit.call(ann, `/api/plan/items/${item.id}`), 200, ZGetPlanItemResponse);
  expect(after).toMatchObject({ state: "proposed", approvedVersion: null, approveRefusal: null });
  expect(after.allowedTransitions.sort()).toEqual(["approved", "declined"]);
  expect(await chargesOf()).toEqual([]);

  // The owner approves it; the setup fee goes to billing.
  const approved = await kit.ok(kit.clientMove(ann, item.id, { to: "approved", proposalVersion: 1 }));
  expect(approved).toMatchObject({ state: "approved", approvedBy: "ann" });
  expect(await chargesOf()).toMatchObject([{ amountMinor: 250_000 }]);
});

test("a monthly fee increase alone is the owner's to approve too; a member still declines", async () => {
  const item = await proposedWith(0, 30_000);
  const refused = await expectError(kit.clientMove(joe, item.id, { to: "approved", proposalVersion: 1 }), 403);
  expect(refused.message).toBe(
    "Only the owner of Acme can approve this proposal: it adds €300 more a month. Ask ann to approve it, or decline it.",
  );
  const declined = await kit.ok(kit.clientMove(joe, item.id, { to: "declined", reason: "Not this year." }));
  expect(declined.state).toBe("declined");
});

test("a proposal without charges (or one that lowers the monthly fee) is approved by any member", async () => {
  for (const monthly of [0, -5_000]) {
    const item = await proposedWith(0, monthly);
    const seen = await expectBody(kit.call(joe, `/api/plan/items/${item.id}`), 200, ZGetPlanItemResponse);
    expect(seen.approveRefusal).toBeNull();
    const approved = await kit.ok(kit.clientMove(joe, item.id, { to: "approved", proposalVersion: 1 }));
    expect(approved).toMatchObject({ state: "approved", approvedBy: "joe" });
  }
});
