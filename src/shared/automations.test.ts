import { describe, expect, it } from "vitest";
import { ZCreateAutomationRequest, ZUpdateAutomationRequest } from "./automations";

describe("automation requests", () => {
  it("a partial update changes only the fields it sends: no default resets the schedule, status or alert threshold", () => {
    expect(ZUpdateAutomationRequest.parse({ name: "Invoice sync (EU)" })).toEqual({ name: "Invoice sync (EU)" });
    expect(ZUpdateAutomationRequest.parse({ expectedEveryMinutes: null })).toEqual({ expectedEveryMinutes: null });
    expect(ZUpdateAutomationRequest.safeParse({}).success).toBe(false);
  });

  it("a new automation gets the defaults it does not send", () => {
    const created = ZCreateAutomationRequest.parse({
      companyId: "0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978",
      name: "Invoice sync",
      purpose: "Copies paid invoices into the accounting system.",
      platform: "n8n",
      triggerDescription: "Every hour",
      minutesSavedPerRun: 6,
    });
    expect(created).toMatchObject({ expectedEveryMinutes: null, status: "building", failureThreshold: 3 });
  });
});
