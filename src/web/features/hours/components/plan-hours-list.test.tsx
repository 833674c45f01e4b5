// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { PlanHoursList } from "./plan-hours-list";
import type { TPlanHours } from "../../../../shared/hours";

const plan = (slug: string, name: string, overrides: Partial<TPlanHours>): TPlanHours => ({
  slug,
  name,
  active: true,
  currency: "EUR",
  monthlyPriceMinor: 129000,
  yearlyPriceMinor: 1290000,
  includedAutomations: 10,
  monthlyRunAllowance: 50000,
  terms: {
    includedMinutes: 600,
    overageRateMinor: 9500,
    hoursRollover: true,
    rolloverCapMinutes: 300,
    overageNeedsApproval: false,
  },
  subscribedCompanies: 0,
  ownTermsCompanies: 0,
  ...overrides,
});

/** The API's plans, changed by what the screen saves. */
function plansApi() {
  const plans = [
    plan("starter", "Starter", {
      monthlyPriceMinor: 49000,
      yearlyPriceMinor: 490000,
      includedAutomations: 3,
      monthlyRunAllowance: 5000,
      terms: {
        includedMinutes: 300,
        overageRateMinor: 9500,
        hoursRollover: false,
        rolloverCapMinutes: 0,
        overageNeedsApproval: true,
      },
    }),
    plan("growth", "Growth", { subscribedCompanies: 4, ownTermsCompanies: 1 }),
  ];
  const calls = fakeApi({
    listPlanHours: () => ({ body: { plans } }),
    setPlanHours: ({ body }) => {
      const { planSlug, ...terms } = body as { planSlug: string } & TPlanHours["terms"];
      const found = plans.find((p) => p.slug === planSlug)!;
      found.terms = terms;
      return { body: { planSlug, terms } };
    },
  });
  return calls;
}

const cardOf = async (name: string) =>
  (await screen.findByRole("heading", { name, level: 2 })).closest("li") as HTMLElement;

describe("staff's pricing plans and their hours", () => {
  it("lists each plan's price, allowances, hours terms and who a change reaches", async () => {
    plansApi();
    renderScreen([{ path: "/", element: <PlanHoursList /> }], { at: "/" });
    const starter = await cardOf("Starter");
    expect(starter).toHaveTextContent("€490 a month or €4,900 a year · 3 automations · 5,000 runs a month");
    expect(within(starter).getByText("Included each month").nextSibling).toHaveTextContent("5h");
    expect(within(starter).getByText("Unused time").nextSibling).toHaveTextContent("Lapses");
    expect(within(starter).getByText("Extra time needs approval").nextSibling).toHaveTextContent("Yes, the owner's");
    expect(starter).toHaveTextContent("No client is on this plan.");
    const growth = await cardOf("Growth");
    expect(within(growth).getByText("Unused time").nextSibling).toHaveTextContent("Rolls over, up to 5h");
    expect(growth).toHaveTextContent(
      "4 clients are on this plan; 1 has terms of their own and is not affected by a change here.",
    );
  });

  it("saves a plan's new hours through the shared schema and shows them", async () => {
    const calls = plansApi();
    renderScreen([{ path: "/", element: <PlanHoursList /> }], { at: "/" });
    const user = userEvent.setup();
    const edit = await screen.findByRole("button", { name: "Edit hours for Growth" });
    expect(edit).toHaveAttribute("aria-expanded", "false");
    await user.click(edit);
    const form = await screen.findByRole("form", { name: "Growth plan's hours terms" });
    const included = within(form).getByRole("textbox", { name: "Included each month" });
    expect(included).toHaveValue("10h");
    await user.clear(included);
    await user.type(included, "8h");
    const rate = within(form).getByRole("textbox", { name: "Extra time per hour (EUR)" });
    await user.clear(rate);
    await user.type(rate, "250000");
    await user.click(within(form).getByRole("button", { name: "Save Growth's hours" }));
    expect(await within(form).findByText("At most 100000.00 EUR an hour")).toBeVisible();
    expect(calls.filter((c) => c.operationId === "setPlanHours")).toEqual([]);

    await user.clear(rate);
    await user.type(rate, "110");
    await user.click(within(form).getByRole("checkbox", { name: "Extra time waits for the owner's approval" }));
    await user.click(within(form).getByRole("button", { name: "Save Growth's hours" }));
    expect(await screen.findByText("The Growth plan's hours are saved.")).toBeVisible();
    expect(calls.find((c) => c.operationId === "setPlanHours")?.body).toEqual({
      planSlug: "growth",
      includedMinutes: 480,
      overageRateMinor: 11000,
      hoursRollover: true,
      rolloverCapMinutes: 300,
      overageNeedsApproval: true,
    });
    const growth = await cardOf("Growth");
    expect(await within(growth).findByText("8h")).toBeVisible();
    expect(within(growth).getByText("€110.00 an hour")).toBeVisible();
    expect(screen.queryByRole("form", { name: "Growth plan's hours terms" })).toBeNull();
  });
});
