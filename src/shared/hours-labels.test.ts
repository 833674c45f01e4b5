import { expect, test } from "vitest";
import { durationProblem, formatMinutes, parseDuration } from "./hours-labels";

test("durations are read the ways people type them", () => {
  const cases: Array<[string, number | null]> = [
    ["1h 30m", 90],
    ["1h30m", 90],
    ["1h30", 90],
    ["1.5", 90],
    ["1,5", 90],
    ["0.25", 15],
    ["2", 120],
    ["45m", 45],
    ["45 min", 45],
    ["2h", 120],
    ["2 hours", 120],
    ["1:30", 90],
    [" 3h 5m ", 185],
    ["", null],
    ["an hour", null],
    ["1h 30x", null],
    ["-1", null],
  ];
  expect(cases.map(([typed]) => [typed, parseDuration(typed)])).toEqual(cases);
});

test("a duration must be between a minute and a day", () => {
  expect(durationProblem("0m")).toBe("Enter at least 1 minute");
  expect(durationProblem("25h")).toBe("One entry holds at most 24h");
  expect(durationProblem("soon")).toBe('Enter a duration such as "1h 30m" or "1.5"');
  expect(durationProblem("1h 30m")).toBeNull();
});

test("minutes are shown as hours and minutes", () => {
  expect([0, 45, 60, 210, 1441].map(formatMinutes)).toEqual(["0m", "45m", "1h", "3h 30m", "24h 1m"]);
});
