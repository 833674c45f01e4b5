// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, SERVER_ERROR, type FakeAnswer } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { RunHistory } from "./run-history";
import type { TListRunsResponse } from "../../../../shared/automation-responses";

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
  page: 1,
  pageSize: 20,
  total: 1,
};

/** Opens "Report a problem" on the failed run and sends what the user typed. */
async function reportWith(message: string, answer: FakeAnswer) {
  const calls = fakeApi({
    [`GET /api/automations/${AUTOMATION_ID}/runs`]: { body: RUNS },
    [`POST /api/automations/${AUTOMATION_ID}/problem-reports`]: answer,
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
    id: "r1",
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
});
