import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { PLAN_STATES, type PlanState } from "../../../shared/plan";
import { ZGetPlanItemResponse } from "../../../shared/plan";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { planKit } from "./plan-test-kit";
import { PLAN_TRANSITIONS, type PlanSide } from "./transitions";

vi.setConfig({ testTimeout: 300_000 });

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

const allowed = (from: PlanState, to: PlanState, side: PlanSide) =>
  PLAN_TRANSITIONS.some((row) => row.from === from && row.to === to && row.by === side);
const move = (side: PlanSide, id: string, to: PlanState, version: number) =>
  side === "client" ? kit.clientMove(ann, id, kit.bodyFor(to, version)) : kit.staffMove(id, kit.bodyFor(to, version));

describe("every transition, for both sides", () => {
  for (const from of PLAN_STATES) {
    test(`from ${from}`, async () => {
      // One item for the refusals (a refusal changes nothing, checked below), a fresh one per allowed move.
      const still = await kit.itemIn(ann, from);
      for (const side of ["client", "staff"] as const) {
        for (const to of PLAN_STATES) {
          const label = `${side}: ${from} → ${to}`;
          if (allowed(from, to, side)) {
            const fresh = await kit.itemIn(ann, from);
            const moved = await expectBody(
              move(side, fresh.id, to, fresh.proposalVersion ?? 1),
              200,
              ZGetPlanItemResponse,
            );
            expect(moved.state, label).toBe(to);
            expect(moved.history.at(-1)?.toValue, label).toBeTruthy();
          } else {
            const refused = await expectError(move(side, still.id, to, still.proposalVersion ?? 1), 409);
            const current = from.charAt(0).toUpperCase() + from.slice(1);
            expect(refused.message, label).toContain(`This item is ${current}`);
          }
        }
      }
      const after = await expectBody(kit.call(ann, `/api/plan/items/${still.id}`), 200, ZGetPlanItemResponse);
      expect(after.state).toBe(from);
      expect(after.history).toEqual(still.history);
    });
  }
});

test("the item page offers each side exactly the moves the table allows", async () => {
  const proposed = await kit.itemIn(ann, "proposed");
  const asClient = await expectBody(kit.call(ann, `/api/plan/items/${proposed.id}`), 200, ZGetPlanItemResponse);
  expect(asClient.allowedTransitions).toEqual(["approved", "declined"]);
  const asStaff = await expectBody(kit.call(staff, `/api/plan/items/${proposed.id}`), 200, ZGetPlanItemResponse);
  expect(asStaff.allowedTransitions).toEqual(["proposed"]);
});
