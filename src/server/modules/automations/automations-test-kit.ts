import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import type { TListRunsResponse } from "../../../shared/automations";
import type { TestRuntime } from "../../test/test-runtime";

/** Setup shared by the automations tests: staff, two client companies with one automation each, and a few runs. */
export const iso = (daysBack: number, hour = 9) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - daysBack);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

export interface AutomationsWorld {
  staff: Caller;
  ann: Caller; // Acme
  bob: Caller; // Beta
  acme: { id: string; key: string };
  beta: { id: string; key: string };
  betaRunId: string;
}

export async function seedTwoCompanies(t: TestRuntime): Promise<AutomationsWorld> {
  const staff = await givenStaff(t, "ops@agency.test");
  const ann = await givenClient(t, "ann@acme.test", "Acme");
  const bob = await givenClient(t, "bob@beta.test", "Beta");
  const acme = await registerAutomation(t, staff, ann.companyId!, {
    name: "Acme invoices",
    minutesSavedPerRun: 5,
    expectedEveryMinutes: null,
  });
  const beta = await registerAutomation(t, staff, bob.companyId!, {
    name: "Beta leads",
    purpose: "Routes web leads to sales.",
  });
  const runs = [
    { externalRunId: "a1", status: "success", startedAt: iso(0, 1), itemsProcessed: 3 },
    {
      externalRunId: "a2",
      status: "failed",
      startedAt: iso(1),
      errorMessage: "The accounting system refused the login.",
    },
    { externalRunId: "a3", status: "success", startedAt: iso(2), minutesSaved: 20 },
    { externalRunId: "a4", status: "skipped", startedAt: iso(10) },
  ];
  await t.request("/api/v1/runs/batch", { headers: { authorization: `Bearer ${acme.key}` }, json: { runs } });
  await postRun(t, beta.key, { externalRunId: "b1", startedAt: iso(0, 0) });
  const betaRuns = await json<TListRunsResponse>(as(bob, `/api/automations/${beta.id}/runs`));
  return { staff, ann, bob, acme, beta, betaRunId: betaRuns.runs[0]!.id };
}
