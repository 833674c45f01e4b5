// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { Component as Billing } from "./billing";

const me = {
  user: { id: "u1", email: "ann@acme.test", name: "Ann", role: "client", emailVerified: true },
  company: null,
  secondFactorRequired: false,
  viewingAs: null,
};

describe("the client's billing screen", () => {
  it("billing says there is no plan yet and shows the plans on sale", async () => {
    fakeApi({
      getMe: { body: me },
      getBilling: {
        body: {
          company: { id: "00000000-0000-4000-8000-000000000001", name: "Acme", currency: "EUR" },
          subscription: null,
          usage: [],
          invoices: [],
          provider: "manual",
          cardOnFile: false,
          payTo: { issuer: "Cogwork", payee: null, iban: null, bic: null, instructions: null },
          billingDetails: null,
          billingDetailsRequired: false,
          upcoming: null,
        },
      },
      listPlans: {
        body: {
          plans: [
            {
              slug: "starter",
              name: "Starter",
              summary: "For a first automation.",
              monthlyPriceMinor: 49_000,
              yearlyPriceMinor: 490_000,
              currency: "EUR",
              includedAutomations: 2,
              monthlyRunAllowance: 5000,
              supportLevel: "Email support",
              features: [],
              includedMinutes: 300,
              overageRateMinor: 9500,
              rolloverCapMinutes: 0,
              overageNeedsApproval: true,
            },
          ],
        },
      },
    });
    renderScreen([{ path: "/billing", element: <Billing /> }], { at: "/billing" });
    expect(await screen.findByRole("heading", { name: "No plan yet" })).toBeVisible();
    expect(within(await screen.findByRole("list", { name: "Plans" })).getByRole("listitem")).toHaveTextContent(
      /Starter.*2 automations · 5,000 runs a month/,
    );
    expect(screen.getByRole("link", { name: "Talk to us about a plan" })).toHaveAttribute(
      "href",
      "/support?request=plan",
    );
    expect(screen.getByRole("link", { name: "Ask about Starter" })).toHaveAttribute(
      "href",
      "/support?request=plan&plan=starter",
    );
  });
});
