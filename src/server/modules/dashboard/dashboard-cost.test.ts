import { afterAll, beforeAll, expect, test } from "vitest";
import { ZGetInvoiceResponse } from "../../../shared/billing";
import { ZGetDashboardResponse } from "../../../shared/dashboard";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

let t: TestRuntime;
let staff: Caller;
beforeAll(async () => {
  t = await createTestRuntime({ BILLING_TAX_RATE_PERCENT: "21" });
  staff = await givenStaff(t, "staff@cost.test");
}, 180_000);
afterAll(() => t.close());

const dashboardOf = async (caller: Caller) =>
  ZGetDashboardResponse.parse(await (await as(caller, "/api/dashboard")).json());

test("a company with no plan and nothing invoiced shows no cost", async () => {
  const owner = await givenClient(t, "owner@nothing-cost.test", "Nothing Yet");
  expect((await dashboardOf(owner)).costThisMonth).toBeNull();
});

test("the month's cost beside the value: the plan's monthly value plus this month's other lines, credits taken off, before tax", async () => {
  const owner = await givenClient(t, "owner@paying-cost.test", "Paying Co");
  const companyId = owner.companyId!;
  await as(staff, `/api/staff/companies/${companyId}/subscription`, {
    json: { planSlug: "growth", interval: "monthly" },
  });
  const draft = ZGetInvoiceResponse.parse(
    await (await as(staff, `/api/staff/companies/${companyId}/invoices`, { json: {} })).json(),
  ).invoice;
  await as(staff, `/api/staff/invoices/${draft.id}/lines`, { json: { description: "Workshop", amountMinor: 45000 } });
  await as(staff, `/api/staff/invoices/${draft.id}/finalize`, { method: "POST" });
  const credit = await as(staff, `/api/staff/invoices/${draft.id}/credit-notes`, {
    json: { amountMinor: 5000, reason: "Started late" },
  });
  expect(credit.status).toBe(201);
  const dashboard = await dashboardOf(owner);
  expect(dashboard.costThisMonth).toEqual({ planMinor: 129000, chargesMinor: 40000, totalMinor: 169000 });
  expect(dashboard.moneySavedThisMonthMinor).toBe(0);
});

test("a trial costs nothing yet", async () => {
  const owner = await givenClient(t, "owner@trial-cost.test", "Trial Co");
  await as(staff, `/api/staff/companies/${owner.companyId}/subscription`, {
    json: { planSlug: "growth", interval: "yearly", trialDays: 14 },
  });
  expect((await dashboardOf(owner)).costThisMonth).toEqual({ planMinor: 0, chargesMinor: 0, totalMinor: 0 });
});
