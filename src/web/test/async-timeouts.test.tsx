// @vitest-environment jsdom
import { getConfig } from "@testing-library/dom";
import { screen, waitFor } from "@testing-library/react";
import { expect, it } from "vitest";

// A lazily loaded form waited for with the one-second default failed 2 of 3 runs on a busy machine.
it("component tests wait generously for what appears later (findBy, waitFor)", async () => {
  // Set for every test file by vitest.config.ts (setupFiles), not by this one.
  expect(getConfig().asyncUtilTimeout).toBeGreaterThanOrEqual(10_000);
  // What appears after a second and a half is still found.
  setTimeout(() => document.body.append(Object.assign(document.createElement("p"), { textContent: "Late" })), 1_500);
  expect(await screen.findByText("Late")).toBeTruthy();
  await waitFor(() => expect(document.body.textContent).toBe("Late"));
});
