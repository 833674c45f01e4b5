import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetAdminOverviewResponse } from "../../../shared/admin";
import { ZGetMrrResponse } from "../../../shared/billing";
import { ZGetClientCompanyResponse } from "../../../shared/client-detail";
import { ZListClientsResponse, type CompanyStatus } from "../../../shared/clients";
import { COMPANY_STATUSES } from "../../../shared/companies";
import { registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { givenOpenInvoice, givenSubscription } from "../../test/given-books";
import { expectBody } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

/**
 * Issue 33: a company paying an active Growth plan showed "Trial", and the agency dashboard showed
 * "On trial 3 / Active 0" beside an MRR of €1,290, because the status was a column set by hand
 * apart from the subscription. It is derived now (ADR 0031): these tests hold every screen to it.
 */
let t: TestRuntime;
let staff: Caller;
const companies: Record<string, string> = {};

const subscribe = (companyId: string, body: { planSlug: string; interval: "monthly"; trialDays: number }) =>
  as(staff, `/api/staff/companies/${companyId}/subscription`, { json: body });

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  const company = async (name: string) =>
    (companies[name] = (await givenClient(t, `owner@${name}.test`, name)).companyId!);

  // Put on Growth by staff, through billing itself: its first invoice is issued, not yet due.
  expect(
    (await subscribe(await company("growth"), { planSlug: "growth", interval: "monthly", trialDays: 0 })).status,
  ).toBe(201);
  expect(
    (await subscribe(await company("trying"), { planSlug: "starter", interval: "monthly", trialDays: 14 })).status,
  ).toBe(201);
  // Paying, but an invoice went unpaid past its due date.
  const late = await company("late");
  await givenSubscription(t, late, { plan: "starter", status: "active" });
  await givenOpenInvoice(t, late, { overdueDays: 3 });
  // Stripe said past due.
  await givenSubscription(t, await company("stripe-late"), { plan: "growth", status: "past_due" });
  // Paying, with its work on hold: every automation paused.
  const onHold = await company("on-hold");
  await givenSubscription(t, onHold, { plan: "starter", status: "active" });
  await registerAutomation(t, staff, onHold, { name: "Paused sync", status: "paused" });
  // Paying, with one paused and one live automation: still active.
  const busy = await company("busy");
  await givenSubscription(t, busy, { plan: "starter", status: "active" });
  await registerAutomation(t, staff, busy, { name: "Paused sync", status: "paused" });
  await registerAutomation(t, staff, busy, { name: "Live sync" });
  await givenSubscription(t, await company("gone"), { plan: "growth", status: "canceled" });
  await company("new");
}, 240_000);
afterAll(() => t.close());

const statusOf = async (name: string) =>
  (await expectBody(as(staff, `/api/staff/companies/${companies[name]}`), 200, ZGetClientCompanyResponse)).company
    .status;

test("a company's status follows its subscription, its invoices and its automations", async () => {
  const expected: Record<string, CompanyStatus> = {
    growth: "active",
    trying: "trial",
    late: "past_due",
    "stripe-late": "past_due",
    "on-hold": "paused",
    busy: "active",
    gone: "churned",
    new: "trial",
  };
  const actual: Record<string, CompanyStatus> = {};
  for (const name of Object.keys(expected)) actual[name] = await statusOf(name);
  expect(actual).toEqual(expected);
});

test("the dashboard's client tiles, the clients table and MRR agree", async () => {
  const overview = await expectBody(as(staff, "/api/admin/overview"), 200, ZGetAdminOverviewResponse);
  const table = await expectBody(as(staff, "/api/staff/companies?pageSize=100"), 200, ZListClientsResponse);
  const mrr = await expectBody(as(staff, "/api/staff/billing/mrr"), 200, ZGetMrrResponse);

  // The tiles count what the table filtered by each status lists.
  expect(overview.companies).toBe(table.total);
  for (const status of COMPANY_STATUSES) {
    const filtered = await expectBody(
      as(staff, `/api/staff/companies?status=${status}&pageSize=100`),
      200,
      ZListClientsResponse,
    );
    expect(overview.companiesByStatus[status], status).toBe(filtered.total);
    expect(filtered.clients.every((c) => c.status === status)).toBe(true);
  }
  // The test's companies, and the staff account's own company from its sign-up, on no plan.
  expect(overview.companiesByStatus).toEqual({ trial: 3, active: 2, past_due: 2, paused: 1, churned: 1 });

  // MRR is the sum of the table's MRR column, per currency, over the same subscriptions.
  for (const figure of mrr.figures) {
    const rows = table.clients.filter((c) => c.currency === figure.currency);
    expect(rows.reduce((sum, c) => sum + c.mrrMinor, 0)).toBe(figure.mrrMinor);
    expect(rows.filter((c) => c.mrrMinor > 0)).toHaveLength(figure.subscriptions);
  }
  expect(mrr.figures.reduce((sum, f) => sum + f.mrrMinor, 0)).toBeGreaterThan(0);
  // Money comes only from companies the tiles count as paying (active, past due, or paused work);
  // a trial or a churned company brings none.
  for (const row of table.clients)
    if (row.mrrMinor > 0) expect(["active", "past_due", "paused"], row.name).toContain(row.status);
    else expect(["trial", "churned"], row.name).toContain(row.status);
});
