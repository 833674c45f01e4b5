// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { PlanUsageCard } from "./plan-usage-card";
import type { TGetBillingResponse } from "../../../../shared/billing";

const COMPANY = { id: "7c7c7c7c-0000-4000-8000-000000000001", name: "Acme Ltd", currency: "EUR" };
const billing = (subscription: TGetBillingResponse["subscription"]): TGetBillingResponse => ({
  company: COMPANY,
  subscription,
  usage: subscription
    ? [
        { metric: "runs", used: 4200, limit: 5000, percent: 84 },
        { metric: "automations", used: 2, limit: 3, percent: 66 },
        { metric: "requests", used: 1, limit: null, percent: null },
      ]
    : [],
  invoices: [],
  provider: "manual",
  cardOnFile: false,
  payTo: { issuer: "Cogwork", payee: null, iban: null, bic: null, instructions: null },
  billingDetails: null,
  billingDetailsRequired: false,
  upcoming: null,
});
const SUBSCRIPTION = {
  id: "7c7c7c7c-0000-4000-8000-000000000002",
  plan: { slug: "starter", name: "Starter" },
  status: "active" as const,
  interval: "monthly" as const,
  priceMinor: 49000,
  currency: "EUR",
  currentPeriodStart: "2026-11-01T00:00:00.000Z",
  currentPeriodEnd: "2026-12-01T00:00:00.000Z",
  trialEndsAt: null,
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
  provider: "manual" as const,
};
const render = () => renderScreen([{ path: "/", element: <PlanUsageCard /> }], { at: "/" });

describe("the dashboard's plan usage", () => {
  it("shows the plan and each usage against its limit, with a meter where there is a limit", async () => {
    fakeApi({ getBilling: { body: billing(SUBSCRIPTION) } });
    render();
    expect(await screen.findByText("Starter plan")).toBeVisible();
    expect(screen.getByRole("meter", { name: "Runs this period" })).toHaveAttribute("aria-valuenow", "4200");
    expect(screen.getByText("4,200 of 5,000 (84 %)")).toBeVisible();
    expect(screen.queryByRole("meter", { name: "Automation requests this month" })).toBeNull();
    expect(screen.getByRole("link", { name: "Billing and invoices" })).toHaveAttribute("href", "/billing");
  });

  it("shows nothing for a company without a plan", async () => {
    const calls = fakeApi({ getBilling: { body: billing(null) } });
    render();
    await expect.poll(() => calls.some((c) => c.path === "/api/billing")).toBe(true);
    // Let the answer arrive and render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("Plan usage")).toBeNull();
  });
});
