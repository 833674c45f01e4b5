// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { AutomationList } from "./automation-list";
import type { AutomationDetail } from "../../../../shared/automations";

const automation = (id: string, name: string, status: AutomationDetail["status"]): AutomationDetail => ({
  id,
  companyId: "3c1f6a2e-5b7d-4e8f-9a10-2b3c4d5e6f70",
  companyName: "Acme Ltd",
  name,
  purpose: "Copies paid invoices into the books.",
  platform: "n8n",
  triggerDescription: "Every hour",
  expectedEveryMinutes: 60,
  minutesSavedPerRun: 6,
  status,
  consecutiveFailures: 0,
  failureThreshold: 3,
  lastRunAt: null,
  lastRunStatus: null,
  successRate7d: null,
  successRate30d: null,
  runsThisMonth: 0,
  successfulRunsThisMonth: 0,
  minutesSavedThisMonth: 0,
  minutesSavedLifetime: 120,
  successfulRunsLifetime: 20,
  trend14d: Array.from({ length: 14 }, () => 0),
  createdAt: "2026-01-01T09:00:00Z",
  updatedAt: "2026-01-01T09:00:00Z",
  createdBy: null,
  updatedBy: null,
});

describe("my automations", () => {
  it("shows a retired automation as Retired, in the order the server gives (retired last)", async () => {
    fakeApi({
      listAutomations: {
        body: {
          automations: [
            automation("6f1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10", "Lead routing", "live"),
            automation("7a2d3b5f-9c2e-4d4a-8b68-1e3f5a7c9b21", "Invoice sync", "retired"),
          ],
        },
      },
    });
    renderScreen([{ path: "/my-automations", element: <AutomationList /> }], { at: "/my-automations" });
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
      "Lead routing",
      "Invoice sync",
    ]);
    expect(within(items[1]!).getByText("Retired")).toBeVisible();
    expect(screen.getByRole("option", { name: "Retired" })).toBeInTheDocument();
  });
});
