// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { Component as AutomationPlan } from "./automation-plan";
import { Component as PlanItem } from "./automation-plan-item";
import type { PlanItemSummary, TGetPlanItemResponse } from "../../../shared/plan";

// The server's ids are UUIDs.
const uuid = (tail: string) => `8d8d8d8d-0000-4000-8000-${tail.padStart(12, "0")}`;
const [I1, I2, I9] = [uuid("1"), uuid("2"), uuid("9")];

const me = {
  user: { id: "u1", email: "ann@acme.test", name: "Ann", role: "client", emailVerified: true },
  company: null,
  secondFactorRequired: false,
  viewingAs: null,
};
const summary = (id: string, title: string, state: PlanItemSummary["state"], category: PlanItemSummary["category"]) =>
  ({
    id,
    companyId: uuid("c1"),
    companyName: "Acme Ltd",
    title,
    problem: "By hand today.",
    state,
    category,
    priority: "normal",
    wishedDate: null,
    estimatedMinutesPerMonth: 600,
    proposalVersion: state === "requested" ? null : 1,
    hoursPerMonth: state === "requested" ? null : 10,
    targetDate: null,
    stateChangedAt: "2026-11-20T08:00:00.000Z",
    createdAt: "2026-11-19T08:00:00.000Z",
  }) satisfies PlanItemSummary;

const proposal = (version: number, hoursPerMonth: number) => ({
  version,
  scope: `Version ${version} of the scope.`,
  platform: "n8n" as const,
  hoursPerMonth,
  setupFeeMinor: 90_000,
  monthlyFeeChangeMinor: 4_900,
  currency: "EUR",
  targetDate: "2027-02-15",
  createdBy: "Sam",
  createdAt: "2026-11-21T08:00:00.000Z",
});

const item: TGetPlanItemResponse = {
  ...summary(I1, "Copy orders", "proposed", "waiting_on_client"),
  proposalVersion: 2,
  triggerDescription: "A new order",
  systems: "Shopify, Exact",
  timesPerMonth: 200,
  minutesEach: 3,
  requestedBy: "Ann",
  approvedVersion: null,
  approvedBy: null,
  approvedAt: null,
  declineReason: null,
  retireReason: null,
  automation: null,
  proposals: [proposal(2, 12), proposal(1, 10)],
  comments: [
    {
      id: uuid("a1"),
      side: "client",
      authorName: "Ann",
      body: "Does it cover refunds?",
      createdAt: "2026-11-21T09:00:00.000Z",
    },
    { id: uuid("a2"), side: "staff", authorName: "Sam", body: "It does now.", createdAt: "2026-11-21T10:00:00.000Z" },
  ],
  history: [
    {
      id: uuid("b1"),
      at: "2026-11-20T08:00:00.000Z",
      actorName: "Ann",
      side: "client",
      field: "state",
      fromValue: null,
      toValue: "requested",
      comment: null,
    },
    {
      id: uuid("b2"),
      at: "2026-11-21T08:00:00.000Z",
      actorName: "Sam",
      side: "staff",
      field: "proposal",
      fromValue: "1",
      toValue: "2",
      comment: "Refunds added.",
    },
  ],
  promise: null,
  allowedTransitions: ["approved", "declined"],
  approveRefusal: null,
};

describe("the client's automation plan", () => {
  it("shows the items as a board by category and as a list, and takes a new request", async () => {
    const calls = fakeApi({
      getMe: { body: me },
      listPlanItems: {
        body: {
          items: [
            summary(I1, "Copy orders", "proposed", "waiting_on_client"),
            summary(I2, "Route leads", "requested", "waiting_on_agency"),
          ],
        },
      },
      createPlanItem: { status: 201, body: { ...item, id: I9, state: "requested" } },
    });
    renderScreen([{ path: "/automation-plan", element: <AutomationPlan /> }], { at: "/automation-plan" });
    const waiting = await screen.findByRole("region", { name: "Waiting for you" });
    expect(within(waiting).getByRole("link", { name: /Copy orders/ })).toHaveAttribute(
      "href",
      `/automation-plan/${I1}`,
    );
    expect(within(screen.getByRole("region", { name: "With the agency" })).getByText("Route leads")).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "List" }));
    expect(await screen.findByRole("region", { name: "Automation plan items" })).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Request an automation" }));
    const form = await screen.findByRole("form", { name: "Request an automation" });
    await userEvent.click(within(form).getByRole("button", { name: "Send request" }));
    expect((await within(form).findAllByText("Required")).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.type(within(form).getByLabelText("A short name for it"), "Sync refunds");
    await userEvent.type(within(form).getByLabelText("What is the problem?"), "Refunds are typed twice.");
    await userEvent.type(within(form).getByLabelText("What starts it?"), "A refund in the shop");
    await userEvent.type(within(form).getByLabelText("Which systems are involved?"), "Shopify");
    await userEvent.type(within(form).getByLabelText("How many times a month?"), "40");
    await userEvent.type(within(form).getByLabelText("Minutes by hand each time"), "5");
    await userEvent.click(within(form).getByRole("button", { name: "Send request" }));
    expect(await screen.findByText(`Now at /automation-plan/${I9}`)).toBeVisible();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      title: "Sync refunds",
      timesPerMonth: 40,
      minutesEach: 5,
      priority: "normal",
    });
  });

  it("the item page shows the proposal, comments and history, and approves the version shown", async () => {
    const calls = fakeApi({
      getMe: { body: me },
      getPlanItem: { body: item },
      transitionPlanItem: { body: { ...item, state: "approved", allowedTransitions: [] } },
    });
    renderScreen([{ path: "/automation-plan/:id", element: <PlanItem /> }], { at: `/automation-plan/${I1}` });
    expect(await screen.findByRole("heading", { name: "Proposal, version 2" })).toBeVisible();
    expect(screen.getByText("It does now.")).toBeVisible();
    expect(screen.getByText("Proposal version 2 (replaces version 1)")).toBeVisible();
    expect(screen.getByText("Refunds added.")).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Approve version 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve version 2 of the proposal?" });
    expect(dialog).toHaveTextContent("a setup fee of €900");
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve version 2" }));
    await screen.findByText("Thank you! We will start building and keep you posted.");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ to: "approved", proposalVersion: 2 });
  });

  it("a member who may not approve a proposal with charges reads why, and can still decline", async () => {
    const why =
      "Only the owner of Acme can approve this proposal: it adds a setup fee of €900. Ask Ann to approve it, or decline it.";
    fakeApi({
      getMe: { body: me },
      getPlanItem: { body: { ...item, allowedTransitions: ["declined"], approveRefusal: why } },
    });
    renderScreen([{ path: "/automation-plan/:id", element: <PlanItem /> }], { at: `/automation-plan/${I1}` });
    expect(await screen.findByText(why)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Approve version 2" })).toBeNull();
    expect(screen.getByRole("button", { name: "Decline" })).toBeVisible();
  });
});
