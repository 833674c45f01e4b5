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
      name: "Invoice sync",
      purpose: "Copies paid invoices into the accounting system.",
      platform: "n8n",
      triggerDescription: "Every hour",
      minutesSavedPerRun: 6,
    });
    expect(created).toMatchObject({ expectedEveryMinutes: null, status: "building", failureThreshold: 3 });
  });

  it("retired is never set by an edit: only retiring an automation makes it so", () => {
    const refused = ZUpdateAutomationRequest.safeParse({ status: "retired" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Status must be one of building, live, paused");
  });
});
