import { expect, test } from "vitest";
import { cn } from "./cn";

test("a caller's classes override the component's own in the same group", () => {
  expect(cn("h-10 bg-primary px-4", "h-auto bg-card")).toBe("px-4 h-auto bg-card");
  const compact = Math.random() > 2;
  expect(cn("p-6", undefined, compact && "p-2", "p-5")).toBe("p-5");
});

test("one list comes back as it is; conditional lists are joined and merged", () => {
  expect(cn("rounded-md border px-4", undefined)).toBe("rounded-md border px-4");
  expect(cn("")).toBe("");
  expect(cn(["p-2", "p-4"])).toBe("p-4");
  expect(cn({ "text-sm": true, "text-lg": true })).toBe("text-lg");
});
