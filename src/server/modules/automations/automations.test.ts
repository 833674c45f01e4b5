import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type AutomationDetail, type TListRunsResponse } from "../../../shared/automations";
import { ZGetTicketResponse, ZListTicketsResponse, ZStaffTicketsResponse } from "../../../shared/support";
import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { iso, seedTwoCompanies } from "./automations-test-kit";

// PGlite and scrypt are slow on a busy machine; these tests make whole accounts.
vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller; // Acme
let bob: Caller; // Beta
let acme: { id: string; key: string };
let beta: { id: string; key: string };
let betaRunId: string;

beforeAll(async () => {
  t = await createTestRuntime();
  ({ staff, ann, bob, acme, beta, betaRunId } = await seedTwoCompanies(t));
}, 180_000);
afterAll(() => t.close());

describe("company scoping", () => {
  test("a client lists only their company's automations; staff see all", async () => {
    const mine = await json<{ automations: AutomationDetail[] }>(as(ann, "/api/automations"));
    expect(mine.automations.map((a) => a.name)).toEqual(["Acme invoices"]);
    const all = await json<{ automations: AutomationDetail[] }>(as(staff, "/api/automations"));
    expect(all.automations.map((a) => a.name).sort()).toEqual(["Acme invoices", "Beta leads"]);
    // A client cannot widen the scope with a filter.
    const sneaky = await json<{ automations: AutomationDetail[] }>(
      as(ann, `/api/automations?companyId=${bob.companyId}`),
    );
    expect(sneaky.automations).toEqual([]);
  });

  test("every client endpoint answers 404 for another company's ids, never data", async () => {
    const asAnn = { headers: { cookie: ann.cookie } };
    const responses = [
      await t.request(`/api/automations/${beta.id}`, asAnn),
      await t.request(`/api/automations/${beta.id}/runs`, asAnn),
      await t.request(`/api/automations/${beta.id}/problem-reports`, { ...asAnn, json: { message: "Hello" } }),
      await t.request(`/api/automations/${acme.id}/problem-reports`, {
        ...asAnn,
        json: { message: "Their run", runId: betaRunId },
      }),
      await t.request(`/api/automations/not-a-uuid`, asAnn),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain("Beta leads");
    }
  });

  test("signed-out callers get 401", async () => {
    expect((await t.request("/api/automations")).status).toBe(401);
    expect((await t.request(`/api/automations/${acme.id}`)).status).toBe(401);
    expect((await t.request("/api/dashboard")).status).toBe(401);
  });

  test("a key of company A writes only to its own automation", async () => {
    // There is no way to name another automation: the key decides.
    const res = await t.request("/api/v1/runs", {
      headers: { authorization: `Bearer ${acme.key}` },
      json: { externalRunId: "b1", status: "failed", startedAt: iso(0), automationId: beta.id },
    });
    expect(res.status).toBe(400);
    const same = await postRun(t, acme.key, { externalRunId: "b1", status: "failed", startedAt: iso(0, 2) });
    expect(same.status).toBe(201); // the same external id under another automation is a different run
    const betaRuns = await json<TListRunsResponse>(as(bob, `/api/automations/${beta.id}/runs`));
    expect(betaRuns.runs.map((r) => [r.externalId, r.status])).toEqual([["b1", "success"]]);
    const betaDetail = await json<AutomationDetail>(as(bob, `/api/automations/${beta.id}`));
    expect(betaDetail.consecutiveFailures).toBe(0);
  });
});

describe("figures and runs", () => {
  test("list figures come from the rollup", async () => {
    const fresh = await createTestRuntime();
    try {
      const admin = await givenStaff(fresh, "ops@agency.test");
      const owner = await givenClient(fresh, "cy@gamma.test", "Gamma");
      const a = await registerAutomation(fresh, admin, owner.companyId!, { minutesSavedPerRun: 5 });
      const runs = [
        { externalRunId: "1", status: "success", startedAt: iso(0) },
        { externalRunId: "2", status: "failed", startedAt: iso(1) },
        { externalRunId: "3", status: "success", startedAt: iso(2), minutesSaved: 20 },
        { externalRunId: "4", status: "success", startedAt: iso(20) },
        { externalRunId: "5", status: "failed", startedAt: iso(40) },
      ];
      await fresh.request("/api/v1/runs/batch", { headers: { authorization: `Bearer ${a.key}` }, json: { runs } });
      const detail = await json<AutomationDetail>(
        fresh.request(`/api/automations/${a.id}`, { headers: { cookie: owner.cookie } }),
      );
      expect(detail.successRate7d).toBeCloseTo(2 / 3);
      expect(detail.successRate30d).toBeCloseTo(3 / 4);
      expect(detail.minutesSavedLifetime).toBe(30);
      expect(detail.successfulRunsLifetime).toBe(3);
      expect(detail.trend14d).toHaveLength(14);
      expect(detail.trend14d.slice(-3)).toEqual([1, 1, 1]);
      expect(detail.lastRunStatus).toBe("success");
      expect(detail.createdBy).toBe("ops");
    } finally {
      await fresh.close();
    }
  }, 180_000);

  test("runs are paged and filtered by status and date", async () => {
    const asAnn = { headers: { cookie: ann.cookie } };
    const failed = await json<TListRunsResponse>(t.request(`/api/automations/${acme.id}/runs?status=failed`, asAnn));
    expect(failed.runs.map((r) => r.externalId).sort()).toEqual(["a2", "b1"]);
    expect(failed.total).toBe(2);
    const from = iso(2).slice(0, 10);
    const to = iso(1).slice(0, 10);
    const range = await json<TListRunsResponse>(
      t.request(`/api/automations/${acme.id}/runs?from=${from}&to=${to}`, asAnn),
    );
    expect(range.runs.map((r) => r.externalId)).toEqual(["a2", "a3"]);
    expect(range.total).toBe(2);
    const bad = await t.request(`/api/automations/${acme.id}/runs?status=done`, asAnn);
    expect(bad.status).toBe(400);
  });

  test("search and status filter", async () => {
    const asStaff = { headers: { cookie: staff.cookie } };
    const found = await json<{ automations: AutomationDetail[] }>(t.request("/api/automations?search=leads", asStaff));
    expect(found.automations.map((a) => a.name)).toEqual(["Beta leads"]);
    const live = await json<{ automations: AutomationDetail[] }>(t.request("/api/automations?status=live", asStaff));
    expect(live.automations.length).toBe(2);
    const percent = await json<{ automations: AutomationDetail[] }>(t.request("/api/automations?search=%25", asStaff));
    expect(percent.automations).toEqual([]);
  });

  test("report a problem on a run: a broken-automation ticket linked to the run, staff told", async () => {
    const runs = await json<TListRunsResponse>(as(ann, `/api/automations/${acme.id}/runs?status=failed`));
    const res = await as(ann, `/api/automations/${acme.id}/problem-reports`, {
      json: { runId: runs.runs[0]!.id, message: "The invoice of <i>March</i> is missing." },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).message).toMatch(/opened a support ticket/);
    const staffMail = (await t.outbox("ops@agency.test")).find((m) => m.kind === "ticket-notice");
    expect(staffMail?.text).toContain("The invoice of March is missing.");
    const empty = await as(ann, `/api/automations/${acme.id}/problem-reports`, { json: { message: "  " } });
    expect(empty.status).toBe(400);
  });

  test("reported problems are tickets of their company only, with the run they are about; staff see every company's", async () => {
    const tickets = async (cookie: string) =>
      ZListTicketsResponse.parse(await json(t.request("/api/tickets", { headers: { cookie } }))).tickets;
    const annSees = await tickets(ann.cookie);
    expect(annSees.map((r) => [r.automationName, r.category, r.status])).toEqual([
      ["Acme invoices", "broken_automation", "open"],
    ]);
    const detail = ZGetTicketResponse.parse(await json(as(ann, `/api/tickets/${annSees[0]!.id}`)));
    expect(detail.runSnapshot?.status).toBe("failed");
    expect(detail.messages[0]!.body).toBe("The invoice of March is missing.");
    expect(await tickets(bob.cookie)).toEqual([]);
    const queue = await json(as(staff, "/api/staff/tickets"));
    expect(ZStaffTicketsResponse.parse(queue).tickets.map((r) => r.id)).toContain(annSees[0]!.id);
  });
});
