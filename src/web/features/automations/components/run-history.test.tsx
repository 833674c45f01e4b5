// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { RunExport } from "./run-export";
import { RunHistory } from "./run-history";
import type { TListRunsResponse } from "../../../../shared/automations";

const ID = "6f1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10";
const COMPANY = "5e0b1a3d-7a0c-4b28-8946-1c1d3a5e7f90";
/** Page n of three, newest first (n = 1), with the cursors the API gives. */
const page = (n: number): TListRunsResponse => ({
  runs: Array.from({ length: 20 }, (_, i) => ({
    id: `0b7e3c52-1f4a-4d8e-b6a9-${String(n * 100 + i).padStart(12, "0")}`,
    externalId: `run-${n}-${i}`,
    status: "success",
    // Page 1 runs from 22 Nov 12:00 back to 21 Nov 17:00 (UTC), an hour apart; each older page a day before.
    startedAt: new Date(Date.UTC(2026, 10, 23 - n, 12) - i * 3_600_000).toISOString(),
    finishedAt: new Date(Date.UTC(2026, 10, 23 - n, 12, 1) - i * 3_600_000).toISOString(),
    itemsProcessed: 1,
    minutesSaved: 6,
    errorMessage: null,
    runUrl: null,
  })),
  pageSize: 20,
  olderCursor: n < 3 ? `older-than-${n}` : null,
  newerCursor: n > 1 ? `newer-than-${n}` : null,
  total: 60,
});
const pageFor = (search: URLSearchParams) => {
  const before = search.get("before");
  const after = search.get("after");
  if (before) return page(Number(before.slice(-1)) + 1);
  if (after) return page(Number(after.slice(-1)) - 1);
  return page(1);
};

function show(at: string) {
  const calls = fakeApi({ listRuns: ({ search }) => ({ body: pageFor(search) }) });
  renderScreen([{ path: "/my-automations/:id", element: <RunHistory automationId={ID} /> }], { at });
  return calls;
}

describe("run history paging", () => {
  it("pages older and newer by the API's cursors, in place with focus on the runs, and jumps to a day", async () => {
    const calls = show(`/my-automations/${ID}`);
    // Where the reader is: how many runs, and the times this page spans.
    expect(
      await screen.findByText(/^60 runs · this page from 21 Nov 2026, 17:00 .*to 22 Nov 2026, 12:00/),
    ).toBeVisible();
    expect(await screen.findByText("Run run-1-0")).toBeVisible();
    expect(screen.getByRole("button", { name: "Newer runs" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Newest runs" })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Older runs" }));
    expect(await screen.findByText("Run run-2-0")).toBeVisible();
    expect(calls.at(-1)!.search.get("before")).toBe("older-than-1");
    expect(screen.getByRole("list", { name: "Runs" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Older runs" }));
    expect(await screen.findByText("Run run-3-0")).toBeVisible();
    expect(screen.getByRole("button", { name: "Older runs" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Newer runs" }));
    expect(await screen.findByText("Run run-2-0")).toBeVisible();
    expect(calls.at(-1)!.search.get("after")).toBe("newer-than-3");
    expect(calls.at(-1)!.search.has("before")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Newest runs" }));
    expect(await screen.findByText("Run run-1-0")).toBeVisible();
    await user.type(screen.getByLabelText("Jump to a day (UTC)"), "2026-11-01");
    const jump = calls.filter((call) => call.path.endsWith("/runs")).at(-1)!;
    expect(jump.search.get("to")).toBe("2026-11-01");
    expect(jump.search.has("before") || jump.search.has("after")).toBe(false);
  });

  it("a new filter starts again from the newest runs", async () => {
    const calls = show(`/my-automations/${ID}?before=older-than-1`);
    expect(await screen.findByText("Run run-2-0")).toBeVisible();
    await userEvent.setup().selectOptions(screen.getByLabelText("Result"), "failed");
    const last = calls.at(-1)!;
    expect(last.search.get("status")).toBe("failed");
    expect(last.search.has("before")).toBe(false);
  });

  it("says a From date after the To date is the problem, instead of '0 runs'", async () => {
    const calls = show(`/my-automations/${ID}?from=2026-11-20&to=2026-11-01`);
    expect(await screen.findByText(/The From date is after the To date/)).toBeVisible();
    expect(screen.queryByText(/0 runs/)).toBeNull();
    expect(calls.some((call) => call.path.includes("/runs"))).toBe(false);
  });
});

describe("run export", () => {
  it("links the CSV of the chosen days, and says when the range is backwards", async () => {
    renderScreen([{ path: "/my-automations/:id", element: <RunExport automationId={ID} /> }], {
      at: `/my-automations/${ID}`,
    });
    const user = userEvent.setup();
    const first = screen.getByLabelText("First day (UTC)");
    const last = screen.getByLabelText("Last day (UTC)");
    await user.clear(first);
    await user.type(first, "2026-01-01");
    await user.clear(last);
    await user.type(last, "2026-12-31");
    expect(screen.getByRole("link", { name: "Download runs as CSV" })).toHaveAttribute(
      "href",
      `/api/automations/${ID}/runs/export.csv?from=2026-01-01&to=2026-12-31`,
    );
    await user.clear(first);
    await user.type(first, "2027-01-01");
    expect(screen.getByRole("alert")).toHaveTextContent("The first day is after the last day.");
    expect(screen.queryByRole("link", { name: "Download runs as CSV" })).toBeNull();
  });
});

describe("retried runs", () => {
  it("a failed run says it was retried and how the retry went; the retry says what it retried", async () => {
    const base = page(3).runs[0]!;
    const runs: TListRunsResponse = {
      ...page(3),
      runs: [
        { ...base, id: "0b7e3c52-1f4a-4d8e-b6a9-000000000901", externalId: "1042", status: "success", retryOf: "1041" },
        {
          ...base,
          id: "0b7e3c52-1f4a-4d8e-b6a9-000000000902",
          externalId: "1041",
          status: "failed",
          errorMessage: "The step “Save invoice” failed: timeout",
          retriedAs: { externalId: "1042", status: "success" },
        },
      ],
      olderCursor: null,
      newerCursor: null,
      total: 2,
    };
    fakeApi({ listRuns: () => ({ body: runs }) });
    renderScreen([{ path: "/my-automations/:id", element: <RunHistory automationId={ID} /> }], {
      at: `/my-automations/${ID}`,
    });
    expect(await screen.findByText("Retried as run 1042: it succeeded.")).toBeVisible();
    expect(screen.getByRole("link", { name: "run 1041" })).toHaveAttribute("href", "#run-1041");
    expect(screen.getByRole("link", { name: "run 1041" }).closest("p")).toHaveTextContent("Retry of run 1041.");
    expect(screen.queryByRole("button", { name: /Retry in n8n/ })).toBeNull();
  });

  it("staff see Retry in n8n on a failed run not yet retried; it asks n8n and says what it answered", async () => {
    const base = page(3).runs[0]!;
    const failed = {
      ...base,
      id: "0b7e3c52-1f4a-4d8e-b6a9-000000000903",
      externalId: "2001",
      status: "failed" as const,
    };
    const retried: string[] = [];
    fakeApi({
      listRuns: () => ({ body: { ...page(3), runs: [failed], olderCursor: null, newerCursor: null, total: 1 } }),
      retryRun: ({ params }) => {
        retried.push(String(params.runId));
        return {
          body: { retriedExecutionId: "2001", newExecutionId: "2002", message: "n8n retried execution 2001 as 2002." },
        };
      },
    });
    renderScreen(
      [
        {
          path: "/my-automations/:id",
          element: <RunHistory automationId={ID} canReport={false} retryCompanyId={COMPANY} />,
        },
      ],
      { at: `/my-automations/${ID}` },
    );
    await userEvent.click(await screen.findByRole("button", { name: /^Retry in n8n the run of / }));
    expect(await screen.findByText("n8n retried execution 2001 as 2002.")).toBeVisible();
    expect(retried).toEqual([failed.id]);
  });
});
