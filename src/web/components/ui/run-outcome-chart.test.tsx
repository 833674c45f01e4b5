// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { OutcomeLegend, stackOutcomes, ValueAxis } from "./run-outcome-chart";

const day = { success: 6, failed: 2, skipped: 0, running: 2 };

it("stacks a day's outcomes from the axis up in one order, drawing none for a zero", () => {
  const { rects, top } = stackOutcomes(day, 10, 100);
  expect(rects.map((r) => [r.key, r.y, r.h])).toEqual([
    ["success", 40, 60],
    ["failed", 20, 20],
    ["running", 0, 20],
  ]);
  expect(top).toBe(0);
});

it("labels the value axis at each fraction and keys each outcome with its total", () => {
  render(
    <div>
      <svg>
        <ValueAxis max={108} plotHeight={100} left={28} right={600} fractions={[0, 0.5, 1]} textClassName="x" />
      </svg>
      <OutcomeLegend days={[day, { success: 1000, failed: 0, skipped: 3, running: 0 }]} />
    </div>,
  );
  for (const value of ["0", "54", "108"]) expect(screen.getByText(value)).toBeInTheDocument();
  for (const key of ["Succeeded (1,006)", "Failed (2)", "Skipped (3)", "Running (2)"])
    expect(screen.getByText(key, { exact: false })).toBeInTheDocument();
});
