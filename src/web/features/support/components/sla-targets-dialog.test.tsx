// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { durationWords, SlaTargetsDialog } from "./sla-targets-dialog";

const TARGETS = [
  { priority: "urgent", firstResponseMinutes: 60, resolutionMinutes: 480 },
  { priority: "high", firstResponseMinutes: 240, resolutionMinutes: 1440 },
  { priority: "normal", firstResponseMinutes: 480, resolutionMinutes: 4320 },
  { priority: "low", firstResponseMinutes: 1440, resolutionMinutes: 10080 },
];

describe("SLA targets", () => {
  it("reads minutes back in words", () => {
    expect([45, 60, 240, 1440, 4320].map(durationWords)).toEqual(["45 min", "1 h", "4 h", "1 day", "3 days"]);
  });

  it("staff change a target; a target under 5 minutes is refused before sending", async () => {
    const calls = fakeApi({
      listSlaTargets: { body: { targets: TARGETS } },
      updateSlaTargets: ({ body }) => ({ body }),
    });
    renderScreen([{ path: "/", element: <SlaTargetsDialog /> }], { at: "/" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "SLA targets" }));
    const urgent = await screen.findByLabelText("First response, urgent (minutes)");
    expect(urgent).toHaveValue(60);
    expect(screen.getByText("1 h")).toBeVisible();
    await user.clear(urgent);
    await user.type(urgent, "2");
    await user.click(screen.getByRole("button", { name: "Save targets" }));
    expect(await screen.findByText("First response must be at least 5 minutes")).toBeVisible();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await user.type(urgent, "0");
    expect(screen.getByText("20 min")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Save targets" }));
    // The toast mounts hidden and fades in.
    const saved = await screen.findByText("The SLA targets are saved.");
    await waitFor(() => expect(saved).toBeVisible());
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      targets: [{ ...TARGETS[0], firstResponseMinutes: 20 }, ...TARGETS.slice(1)],
    });
  });
});
