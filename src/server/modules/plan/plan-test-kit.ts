import { ZGetPlanItemResponse } from "../../../shared/plan";
import { expectBody } from "../../test/responses";
import { requestExample } from "./plan.routes";
import type { PlanState, TPlanTransitionRequest } from "../../../shared/plan";
import type { TGetPlanItemResponse } from "../../../shared/plan";
import type { SignedIn } from "../../test/fixtures";
import type { TestRuntime } from "../../test/test-runtime";

/** Driving plan items through the API, as the screens do. */
export function planKit(t: TestRuntime, staff: SignedIn) {
  const call = (who: SignedIn, path: string, json?: unknown) =>
    t.request(path, { ip: t.newIp(), headers: { cookie: who.cookie }, ...(json === undefined ? {} : { json }) });

  const request = async (client: SignedIn, overrides: Record<string, unknown> = {}) =>
    expectBody(call(client, "/api/plan/items", { ...requestExample, ...overrides }), 201, ZGetPlanItemResponse);

  /** A body that would make the move to `to`, for an item whose newest proposal is `version`. */
  const bodyFor = (to: PlanState, version = 1, hours = 13): TPlanTransitionRequest => {
    switch (to) {
      case "requested":
        return { to, note: "We changed the wished date.", wishedDate: "2027-05-01" };
      case "proposed":
        return {
          to,
          proposal: {
            scope: "An n8n workflow copies each paid order into the accounting system.",
            platform: "n8n",
            hoursPerMonth: hours,
            setupFeeMinor: 90_000,
            monthlyFeeChangeMinor: 4_900,
            targetDate: "2027-02-15",
          },
        };
      case "approved":
        return { to, proposalVersion: version };
      case "declined":
        return { to, reason: "Too expensive for us this year." };
      case "building":
        return { to };
      case "live":
        return { to };
      case "retired":
        return { to, reason: "The shop closed.", automation: "keep" };
    }
  };

  const clientMove = (client: SignedIn, id: string, body: TPlanTransitionRequest) =>
    call(client, `/api/plan/items/${id}/transitions`, body);
  const staffMove = (id: string, body: TPlanTransitionRequest) =>
    call(staff, `/api/staff/plan/items/${id}/transitions`, body);
  const ok = (response: Promise<Response>) => expectBody(response, 200, ZGetPlanItemResponse);

  /** A fresh item of `client`'s company, taken to `state` by the usual path. */
  async function itemIn(client: SignedIn, state: PlanState): Promise<TGetPlanItemResponse> {
    let item = await request(client);
    const path: PlanState[] = {
      requested: [],
      proposed: ["proposed"],
      approved: ["proposed", "approved"],
      declined: ["proposed", "declined"],
      building: ["proposed", "approved", "building"],
      live: ["proposed", "approved", "building", "live"],
      retired: ["proposed", "approved", "building", "live", "retired"],
    }[state] as PlanState[];
    for (const step of path) {
      const body = bodyFor(step, item.proposalVersion ?? 1);
      const byClient = step === "approved" || step === "declined" || step === "requested";
      item = await ok(byClient ? clientMove(client, item.id, body) : staffMove(item.id, body));
    }
    return item;
  }

  return { call, request, bodyFor, clientMove, staffMove, ok, itemIn };
}
