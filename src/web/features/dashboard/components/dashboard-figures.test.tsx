// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dashboard } from "../../../app/routes/client-detail.test-data";
import { Sparkline } from "../../../components/ui/sparkline";
import { formatDateRange } from "../../../lib/format";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { DashboardFigures } from "./dashboard-figures";

function show(data = dashboard) {
  fakeApi({});
  return renderScreen([{ path: "/", element: <DashboardFigures data={data} /> }], { at: "/" });
}

describe("dashboard figures: partial periods", () => {
  it("compares this month so far with the same days of last month, and says which days", async () => {
    show({ ...dashboard, minutesSavedThisMonth: 600, minutesSavedLastMonth: 300 });
    expect(await screen.findByText("Hours saved this month so far")).toBeVisible();
    const days = formatDateRange("2026-10-01", "2026-10-23").replace(/\s+/g, " ");
    expect(screen.getByText(`+5 h compared with the same days of last month (${days}: 5 h).`)).toBeVisible();
    expect(screen.queryByText(/all of last month/)).toBeNull();
  });

  it("marks today's bar as partial and leaves it out of the busiest day", async () => {
    const days30 = dashboard.days30.map((d, i) => ({ ...d, success: i === 29 ? 1 : 9 }));
    const { container } = show({ ...dashboard, days30 });
    const chart = await screen.findByRole("img", { name: /Runs per day over the last 30 days/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining("The busiest full day had 9 runs; today so far, 1."));
    const partial = container.querySelectorAll("[data-partial]");
    expect(partial).toHaveLength(1);
    // The partial bar is the last one, drawn faint.
    expect(chart.querySelectorAll("svg > g").item(chart.querySelectorAll("svg > g").length - 1)).toBe(partial[0]);
    expect(partial[0]).toHaveAttribute("opacity", "0.45");
    expect(screen.getByText("today so far")).toBeInTheDocument();
    expect(screen.getByText(/\(today, so far\)/)).toBeInTheDocument();
  });

  it("draws a sparkline's last value dashed when it is today", async () => {
    fakeApi({});
    const { container } = renderScreen(
      [{ path: "/", element: <Sparkline values={[5, 5, 5, 1]} label="trend" partialLast /> }],
      {
        at: "/",
      },
    );
    await screen.findByRole("img", { name: "trend" });
    const partial = container.querySelector("[data-partial]");
    expect(partial?.querySelector("polyline")).toHaveAttribute("stroke-dasharray", "2 2");
    // The solid line stops at the last full day.
    const solid = container.querySelectorAll("svg > polyline")[1]!;
    expect(solid.getAttribute("points")!.split(" ")).toHaveLength(3);
  });
});
