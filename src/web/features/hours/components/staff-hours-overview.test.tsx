// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { StaffHoursOverview } from "./staff-hours-overview";

const COMPANY = "7c7c7c7c-0000-4000-8000-000000000020";

describe("staff's retainer hours overview", () => {
  it("shows the unbilled time and links each client over its budget to its Billing tab", async () => {
    fakeApi({
      getHoursOverview: {
        body: {
          unbilledMinutes: 760,
          overBudget: [{ company: { id: COMPANY, name: "Over Budget Co" }, usedMinutes: 700, includedMinutes: 600 }],
        },
      },
    });
    renderScreen([{ path: "/", element: <StaffHoursOverview /> }], { at: "/" });
    const section = await screen.findByRole("region", { name: "Retainer hours" });
    expect(within(section).getByText("12h 40m")).toBeVisible();
    expect(within(section).getByRole("link", { name: "Over Budget Co" })).toHaveAttribute(
      "href",
      `/clients/${COMPANY}?tab=billing`,
    );
    expect(section).toHaveTextContent("11h 40m of 10h included");
  });

  it("says so when no client is over its budget", async () => {
    fakeApi({ getHoursOverview: { body: { unbilledMinutes: 0, overBudget: [] } } });
    renderScreen([{ path: "/", element: <StaffHoursOverview /> }], { at: "/" });
    expect(await screen.findByText("No client is over its included hours.")).toBeVisible();
  });
});
