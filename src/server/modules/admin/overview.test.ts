import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetAdminOverviewResponse } from "../../../shared/admin";
import { user } from "../../db/schema/auth";
import { clientSummary } from "../../db/schema/companies";
import { contactLead } from "../../db/schema/leads";
import { mailOutbox } from "../../db/schema/mail";
import { postRun, registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { givenSubscription } from "../../test/given-books";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { detectStale } from "../automations";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
}, 180_000);
afterAll(() => t.close());

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const overview = (cookie = staff.cookie) => t.request("/api/admin/overview", { headers: { cookie } });

test("the overview counts clients, sign-ups, automation health, runs, mail and leads from known data", async () => {
  const acme = await givenClient(t, "ann@acme.test", "Acme");
  const globex = await givenClient(t, "gil@globex.test", "Globex");
  const initech = await givenClient(t, "ian@initech.test", "Initech");
  const twentyDays = await givenClient(t, "old@acme.test", "Old one");
  const fortyDays = await givenClient(t, "older@acme.test", "Older one");
  await givenSubscription(t, acme.companyId!, { plan: "growth", status: "active" });
  await givenSubscription(t, globex.companyId!, { plan: "starter", status: "active" });
  await givenSubscription(t, initech.companyId!, { plan: "starter", status: "canceled" });
  await t.db
    .update(user)
    .set({ createdAt: new Date(ago(20 * DAY)) })
    .where(eq(user.id, twentyDays.userId));
  await t.db
    .update(user)
    .set({ createdAt: new Date(ago(40 * DAY)) })
    .where(eq(user.id, fortyDays.userId));

  const daily = { expectedEveryMinutes: 1440 };
  const ok = await registerAutomation(t, staff, acme.companyId!, { name: "Invoice sync", ...daily });
  const failing = await registerAutomation(t, staff, acme.companyId!, {
    name: "Lead routing",
    failureThreshold: 2,
    ...daily,
  });
  const stale = await registerAutomation(t, staff, globex.companyId!, { name: "Report mailer" });
  const paused = await registerAutomation(t, staff, globex.companyId!, { status: "paused", failureThreshold: 1 });
  const runs: [typeof ok, string, number][] = [
    [ok, "success", 1],
    [ok, "success", 2],
    [ok, "failed", 3],
    [ok, "skipped", 4],
    [ok, "success", 3 * 24],
    [ok, "failed", 5 * 24],
    [ok, "success", 10 * 24],
    [failing, "failed", 0.5],
    [failing, "failed", 0.25],
    [stale, "success", 3],
    [paused, "failed", 1],
  ];
  for (const [index, [automation, status, hoursAgo]] of runs.entries()) {
    const response = await postRun(t, automation.key, {
      externalRunId: `run-${index}`,
      status,
      startedAt: ago(hoursAgo * 3_600_000),
      errorMessage: status === "failed" ? "The CRM refused the login." : undefined,
    });
    expect(response.status).toBeLessThan(300);
  }
  await detectStale(t.context());

  await t.db.insert(mailOutbox).values(
    ["a@x.test", "b@x.test"].map((to) => ({
      to,
      subject: "Hi",
      text: "-",
      html: "-",
      kind: "test",
      status: "failed" as const,
    })),
  );
  await t.db.insert(contactLead).values([
    { name: "Dana", email: "dana@x.test", message: "Invoices" },
    { name: "Eli", email: "eli@x.test", message: "Leads" },
    { name: "Fay", email: "fay@x.test", message: "CRM", status: "contacted" },
  ]);

  // The 7 days are the clients table's figures, which its refresher writes every minute.
  await t.db.insert(clientSummary).values([
    { companyId: acme.companyId!, runs7d: 50, failed7d: 5 },
    { companyId: globex.companyId!, runs7d: 20, failed7d: 1 },
  ]);

  const figures = await expectBody(overview(), 200, ZGetAdminOverviewResponse);
  expect(figures).toMatchObject({
    clients: 5,
    staff: 1,
    signUpsLast7Days: 3,
    signUpsLast30Days: 4,
    // The staff account's own sign-up left a trial company, as do the two older clients.
    companies: 6,
    companiesByStatus: { trial: 3, active: 2, past_due: 0, paused: 0, churned: 1 },
    undeliveredMail: 2,
    automations: { failing: 1, stale: 1 },
    runs: {
      // Skipped runs and runs older than a day are left out.
      last24Hours: { finished: 7, succeeded: 3, failed: 4, successRate: 3 / 7 },
      last7Days: { finished: 70, succeeded: 64, failed: 6, successRate: 64 / 70 },
    },
    newLeads: 2,
    proposalsWaiting: 0,
    requestsWaiting: 0,
  });
});

test("only staff read the overview", async () => {
  const client = await givenClient(t, "zed@zeta.test", "Zeta");
  await expectError(overview(client.cookie), 403);
  await expectError(t.request("/api/admin/overview"), 401);
});
