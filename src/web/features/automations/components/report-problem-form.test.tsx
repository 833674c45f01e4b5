// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, SERVER_ERROR, type FakeAnswer } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { RunHistory } from "./run-history";
import type { TListRunsResponse } from "../../../../shared/automations";

const AUTOMATION_ID = "6f1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10";
const RUN_ID = "0b7e3c52-1f4a-4d8e-b6a9-3c5d7e9f1a20";
const RUNS: TListRunsResponse = {
  runs: [
    {
      id: RUN_ID,
      externalId: "run-1",
      status: "failed",
      startedAt: "2026-03-10T09:00:00Z",
      finishedAt: "2026-03-10T09:01:00Z",
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

/** Opens "Report a problem" on the failed run and sends what the user typed. */
async function reportWith(message: string, answer: FakeAnswer) {
  const calls = fakeApi({
    listRuns: { body: RUNS },
    reportProblem: answer,
  });
  renderScreen([{ path: "/my-automations/:id", element: <RunHistory automationId={AUTOMATION_ID} /> }], {
    at: `/my-automations/${AUTOMATION_ID}`,
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: /Report a problem/ }));
  if (message) await user.type(screen.getByRole("textbox", { name: /What went wrong/ }), message);
  await user.click(screen.getByRole("button", { name: "Send report" }));
  return calls;
}

const RECEIPT = {
  status: 201,
  body: {
    id: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
    createdAt: "2026-03-10T10:00:00Z",
    message: "Thank you. We received your report and the agency will look into it.",
  },
};

describe("report a problem form", () => {
  it("sends the report for that run and shows the agency's receipt", async () => {
    const calls = await reportWith("The invoice of ACME is missing in the ledger.", RECEIPT);
    expect(await screen.findByText(RECEIPT.body.message)).toBeVisible();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      runId: RUN_ID,
      message: "The invoice of ACME is missing in the ledger.",
    });
  });

  it("says 'Required' for an empty report and sends nothing", async () => {
    const calls = await reportWith("", RECEIPT);
    expect(await screen.findByText("Required")).toBeVisible();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("shows a readable message when the server fails, and keeps what was typed", async () => {
    await reportWith("The invoice of ACME is missing.", SERVER_ERROR);
    expect(await screen.findByText(SERVER_ERROR.body.message)).toBeVisible();
    expect(screen.getByRole("textbox", { name: /What went wrong/ })).toHaveValue("The invoice of ACME is missing.");
  });

  it("offers 'Report a problem' at once on failed and skipped runs only; any other run through its menu", async () => {
    const success = { ...RUNS.runs[0]!, id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", status: "success" as const };
    const skipped = { ...RUNS.runs[0]!, id: "2c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", status: "skipped" as const };
    skipped.startedAt = "2026-03-10T08:00:00Z";
    success.startedAt = "2026-03-10T07:00:00Z";
    const calls = fakeApi({
      listRuns: {
        body: { ...RUNS, runs: [RUNS.runs[0], skipped, success], total: 3 },
      },
      reportProblem: RECEIPT,
    });
    renderScreen([{ path: "/my-automations/:id", element: <RunHistory automationId={AUTOMATION_ID} /> }], {
      at: `/my-automations/${AUTOMATION_ID}`,
    });
    const user = userEvent.setup();
    await screen.findAllByRole("listitem");
    // Two runs went wrong (failed, skipped): two buttons, none on the successful run.
    expect(screen.getAllByRole("button", { name: /^Report a problem with the run of/ })).toHaveLength(2);
    const more = screen.getByRole("button", { name: /^More for the run of/ });
    await user.click(more);
    await user.click(await screen.findByRole("menuitem", { name: "Report a problem with this run" }));
    await user.type(screen.getByRole("textbox", { name: /What went wrong/ }), "It copied the wrong amount.");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(RECEIPT.body.message)).toBeVisible();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      runId: success.id,
      message: "It copied the wrong amount.",
    });
  });
});
