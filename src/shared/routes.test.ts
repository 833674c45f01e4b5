import { expect, test } from "vitest";
import { isAppPath } from "./routes";

test("automation detail and invitation pages are app paths; other shapes are not", () => {
  expect(isAppPath("/my-automations")).toBe(true);
  expect(isAppPath("/my-automations/0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978")).toBe(true);
  expect(isAppPath("/my-automations/0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978/")).toBe(true);
  expect(isAppPath("/my-automations/not-an-id")).toBe(false);
  expect(isAppPath("/my-automations/0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978/extra")).toBe(false);
  expect(isAppPath("/accept-invitation")).toBe(true);
});
