// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { Component as AutomationDetailScreen } from "./my-automation-detail";
import { Component as MyAutomations } from "./my-automations";
import type { AutomationDetail, TListRunsResponse } from "../../../shared/automations";

const ID = "6f1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10";
const COMPANY = "3c1f6a2e-5b7d-4e8f-9a10-2b3c4d5e6f70";
const user = (role: "admin" | "client") => ({
  user: { id: "u1", email: "sam@agency.test", name: "Sam", role, emailVerified: true },
  company: null,
  secondFactorRequired: false,
  viewingAs: null,
});
const automation: AutomationDetail = {
  id: ID,
  companyId: COMPANY,
  companyName: "Acme Ltd",
  name: "Invoice sync",
  purpose: "Copies paid invoices into the books.",
  platform: "n8n",
  triggerDescription: "Every hour",
  expectedEveryMinutes: 60,
  minutesSavedPerRun: 6,
  status: "failing",
  consecutiveFailures: 3,
  failureThreshold: 3,
  lastRunAt: "2026-11-23T08:00:00Z",
  lastRunStatus: "failed",
  successRate7d: 0.5,
  successRate30d: 0.5,
  runsThisMonth: 4,
  successfulRunsThisMonth: 2,
  minutesSavedThisMonth: 12,
  minutesSavedLifetime: 120,
  successfulRunsLifetime: 20,
  trend14d: Array.from({ length: 14 }, () => 1),
  createdAt: "2026-01-01T09:00:00Z",
  updatedAt: "2026-01-01T09:00:00Z",
  createdBy: null,
  updatedBy: null,
};
const runs: TListRunsResponse = {
  runs: [
    {
      id: "0b7e3c52-1f4a-4d8e-b6a9-3c5d7e9f1a20",
      externalId: "run-1",
      status: "failed",
      startedAt: "2026-11-23T08:00:00Z",
      finishedAt: "2026-11-23T08:01:00Z",
      itemsProcessed: 0,
      minutesSaved: 0,
      errorMessage: "The accounting system refused the login.",
      runUrl: null,
    },
  ],
  pageSize: 20,
  olderCursor: null,
  newerCursor: null,
  total: 1,
};

function openDetail(role: "admin" | "client") {
  fakeApi({
    getMe: { body: user(role) },
    getAutomation: { body: automation },
    listRuns: { body: runs },
  });
  renderScreen([{ path: "/my-automations/:id", element: <AutomationDetailScreen /> }], { at: `/my-automations/${ID}` });
}

describe("client screens, opened by staff", () => {
  it("the automation reads as the agency's: whose it is, a staff action, no client reassurance, no 'Report a problem'", async () => {
    openDetail("admin");
    expect(await screen.findByText("Acme Ltd · Copies paid invoices into the books.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Open Acme Ltd in Clients" })).toHaveAttribute(
      "href",
      `/clients/${COMPANY}`,
    );
    expect(await screen.findByText(/an incident is open and the client sees it as failing/)).toBeVisible();
    expect(screen.queryByText(/The agency has been alerted and is on it/)).toBeNull();
    await within(await screen.findByRole("list", { name: "Runs" })).findByText(/refused the login/);
    expect(screen.queryByRole("button", { name: /Report a problem/ })).toBeNull();
  });

  it("a client still reads the client's words and can report a problem", async () => {
    openDetail("client");
    expect(await screen.findByText(/The agency has been alerted and is on it/)).toBeVisible();
    await within(await screen.findByRole("list", { name: "Runs" })).findByText(/refused the login/);
    expect(screen.getByRole("button", { name: /Report a problem/ })).toBeVisible();
    expect(screen.queryByRole("link", { name: /in Clients/ })).toBeNull();
  });

  it("the list says whose each automation is, in staff words", async () => {
    fakeApi({
      getMe: { body: user("admin") },
      listAutomations: { body: { automations: [automation] } },
    });
    renderScreen([{ path: "/my-automations", element: <MyAutomations /> }], { at: "/my-automations" });
    expect(await screen.findByRole("heading", { level: 1, name: "Client automations" })).toBeVisible();
    expect(screen.queryByText(/runs for you/)).toBeNull();
    expect(await screen.findByText(/Acme Ltd · Last run/)).toBeVisible();
  });
});
