// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Component as Billing } from "../../../app/routes/billing";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { CardPayment } from "./card-payment";
import type { TGetBillingResponse } from "../../../../shared/billing";

const COMPANY = "00000000-0000-4000-8000-000000000001";
const meAs = (role: "owner" | "member") => ({
  user: { id: "u1", email: "ann@acme.test", name: "Ann", role: "client", emailVerified: true },
  company: { id: COMPANY, name: "Acme", role, status: "active", requireSecondFactor: false },
  secondFactorRequired: false,
  viewingAs: null,
});
const billing = (overrides: Partial<TGetBillingResponse> = {}): TGetBillingResponse => ({
  company: { id: COMPANY, name: "Acme", currency: "EUR" },
  subscription: {
    id: "00000000-0000-4000-8000-000000000002",
    plan: { slug: "starter", name: "Starter" },
    status: "active",
    interval: "monthly",
    priceMinor: 49_000,
    currency: "EUR",
    currentPeriodStart: "2026-11-01T00:00:00.000Z",
    currentPeriodEnd: "2026-12-01T00:00:00.000Z",
    trialEndsAt: null,
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
    provider: "manual",
  },
  usage: [],
  invoices: [],
  provider: "stripe",
  cardOnFile: false,
  payTo: { issuer: "Cogwork", payee: "Cogwork B.V.", iban: "NL91ABNA0417164300", bic: null, instructions: null },
  billingDetails: null,
  billingDetailsRequired: false,
  upcoming: null,
  ...overrides,
});

function renderBilling(role: "owner" | "member", answer: TGetBillingResponse) {
  const calls = fakeApi({
    getMe: { body: meAs(role) },
    getBilling: { body: answer },
    listPlans: { body: { plans: [] } },
  });
  renderScreen([{ path: "/billing", element: <Billing /> }], { at: "/billing" });
  return calls;
}

describe("card payment on the billing screen", () => {
  it("shows the owner Pay by card when the server has Stripe on, beside the bank details", async () => {
    renderBilling("owner", billing());
    expect(await screen.findByRole("button", { name: "Pay by card" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Manage card" })).toBeNull();
    expect(screen.getByText(/IBAN/)).toBeVisible();
  });

  it("shows no card buttons to a member", async () => {
    renderBilling("member", billing({ cardOnFile: true }));
    expect(await screen.findByText("Only your company's owner can change the plan.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Pay by card" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Manage card" })).toBeNull();
  });

  it("shows no card buttons with the manual provider: bank details only", async () => {
    renderBilling("owner", billing({ provider: "manual" }));
    expect(await screen.findByText(/IBAN/)).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Card payment" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Pay by card" })).toBeNull();
  });

  it("offers Manage card once the plan is paid by card, and goes to the address the server gives", async () => {
    const calls = fakeApi({
      openBillingPortal: { body: { url: "https://billing.stripe.com/p/session/test_1" } },
    });
    const go = vi.fn();
    const paid = billing({ cardOnFile: true });
    paid.subscription = { ...paid.subscription!, provider: "stripe" };
    renderScreen([{ path: "/billing", element: <CardPayment billing={paid} go={go} /> }], { at: "/billing" });
    expect(screen.queryByRole("button", { name: "Pay by card" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Manage card" }));
    await waitFor(() => expect(go).toHaveBeenCalledWith("https://billing.stripe.com/p/session/test_1"));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("POST /api/billing/portal");
  });

  it("says why when Checkout is refused", async () => {
    fakeApi({
      startCheckout: {
        status: 503,
        body: { message: "Stripe could not open Checkout just now. Please try again.", code: "UNAVAILABLE" },
      },
    });
    const go = vi.fn();
    renderScreen([{ path: "/billing", element: <CardPayment billing={billing()} go={go} /> }], { at: "/billing" });
    await userEvent.click(screen.getByRole("button", { name: "Pay by card" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Stripe could not open Checkout just now.");
    expect(go).not.toHaveBeenCalled();
  });
});
