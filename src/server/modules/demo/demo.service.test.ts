import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { PLAN_STATES, type ZListPlanItemsResponse } from "../../../shared/plan";
import { signIn } from "../../test/auth-helpers";
import { setUpAuthenticator, type AuthPost } from "../../test/authenticator";
import { json } from "../../test/fixtures";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { DEMO_COMPANIES } from "./demo-data";
import { DEMO_PLAN_ITEMS, DEMO_TICKETS } from "./demo-story-data";
import { isDatabaseEmpty, seedDemo, seedDemoOnce } from "./demo.service";
import type { TListAutomationsResponse } from "../../../shared/automations";
import type { TGetBillingResponse, TGetInvoiceResponse } from "../../../shared/billing";
import type { TGetHoursResponse } from "../../../shared/hours";
import type { TGetReportResponse, TListReportsResponse } from "../../../shared/reports";
import type { TListTicketsResponse } from "../../../shared/support";
import type { z } from "zod";

// 90 days of runs for a dozen automations, on a busy machine.
vi.setConfig({ testTimeout: 300_000 });

let t: TestRuntime;
let result: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  t = await createTestRuntime();
  expect(await isDatabaseEmpty(t.context())).toBe(true);
  // What `npm run seed:demo` does on a fresh data folder.
  result = await seedDemo(t.context());
}, 300_000);
afterAll(() => t.close());

const accountOf = (email: string) => result.accounts.find((a) => a.email === email)!;

async function signedIn(email: string) {
  const res = await signIn(t, email, accountOf(email).password);
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

test("on a fresh database the demo fills every company with its people, automations and runs", async () => {
  expect(await isDatabaseEmpty(t.context())).toBe(false);
  expect(result.totalRuns).toBeGreaterThan(1000);
  // Staff read every client only with a second factor (ADR 0027): the demo's staff sets up the app first.
  const post: AuthPost = (path, body, cookie) =>
    t.request(`/api/auth${path}`, { ip: t.newIp(), json: body, headers: { cookie } });
  const { cookie: staff } = await setUpAuthenticator(
    post,
    await signedIn("staff@cogwork.demo"),
    accountOf("staff@cogwork.demo").password,
  );
  const listed = await json<TListAutomationsResponse>(t.request("/api/automations", { headers: { cookie: staff } }));
  for (const demo of DEMO_COMPANIES) {
    const theirs = listed.automations.filter((a) => a.companyName === demo.name);
    // Besides the demo's automations, the roadmap's retired item left the one it built, paused.
    const retired = (DEMO_PLAN_ITEMS[demo.name] ?? []).filter((i) => i.ends === "retired").map((i) => i.title);
    expect(theirs.map((a) => a.name).sort()).toEqual([...demo.automations.map((a) => a.name), ...retired].sort());
    for (const title of retired) expect(theirs.find((a) => a.name === title)?.status).toBe("paused");
    for (const a of demo.automations) {
      const shown = theirs.find((x) => x.name === a.name)!;
      // Building automations report nothing yet; every other one has 90 days of runs.
      if (a.status === "building") expect(shown.lastRunAt).toBeNull();
      else expect(shown.successfulRunsLifetime).toBeGreaterThan(0);
    }
  }
});

test("each demo client signs in with the printed password and sees only their company's automations", async () => {
  const [first] = DEMO_COMPANIES;
  const owner = first!.people.find((p) => p.role === "owner")!;
  const cookie = await signedIn(owner.email);
  const listed = await json<TListAutomationsResponse>(t.request("/api/automations", { headers: { cookie } }));
  expect(new Set(listed.automations.map((a) => a.companyName))).toEqual(new Set([first!.name]));
  // The demo's automations and the one the retired roadmap item built.
  expect(listed.automations).toHaveLength(first!.automations.length + 1);
});

test("the first client's owner sees the whole story: a paid plan, paid and open invoices with legal details, what comes next", async () => {
  const [first] = DEMO_COMPANIES;
  const cookie = await signedIn(first!.people.find((p) => p.role === "owner")!.email);
  const billing = await json<TGetBillingResponse>(t.request("/api/billing", { headers: { cookie } }));
  // Upgraded from Starter to Growth through a confirmed quote: a paid plan, in good standing.
  expect(billing.subscription).toMatchObject({ status: "active", plan: { slug: "growth" } });
  expect(billing.billingDetails).toMatchObject({ legalName: "Northwind Trading B.V.", vatNumber: "NL859216473B01" });
  const statuses = billing.invoices.map((i) => i.status);
  expect(statuses.filter((s) => s === "paid").length).toBeGreaterThanOrEqual(2);
  expect(statuses).toContain("open");
  expect(billing.invoices.some((i) => i.overdue)).toBe(false);
  // Each finalized invoice carries the client's legal details and the lines the app made: the
  // setup fees of approved proposals and the upgrade's proration.
  const lines: string[] = [];
  for (const summary of billing.invoices) {
    const { invoice } = await json<TGetInvoiceResponse>(
      t.request(`/api/billing/invoices/${summary.id}`, { headers: { cookie } }),
    );
    expect(invoice.payer?.legalName).toBe("Northwind Trading B.V.");
    lines.push(...invoice.lines.map((l) => l.kind));
  }
  expect(lines).toEqual(expect.arrayContaining(["plan", "proration", "setup_fee", "hours"]));
  // The retainer: a busy month's extra hours were billed, and this period's time is on /billing.
  const hours = await json<TGetHoursResponse>(t.request("/api/hours", { headers: { cookie } }));
  expect(hours.hours.includedMinutes).toBe(600);
  expect(hours.entries.map((entry) => entry.description)).toContain("Fixed the duplicate invoices on partial refunds");
  // The proposal approved after the last invoice waits on the next one.
  expect(billing.upcoming?.lines.map((l) => l.kind)).toEqual(expect.arrayContaining(["plan", "setup_fee"]));
});

test("the first client's roadmap has an item in every state, and tickets in several states with replies", async () => {
  const [first] = DEMO_COMPANIES;
  const cookie = await signedIn(first!.people.find((p) => p.role === "owner")!.email);
  const { items } = await json<z.infer<typeof ZListPlanItemsResponse>>(
    t.request("/api/plan/items", { headers: { cookie } }),
  );
  expect(new Set(items.map((i) => i.state))).toEqual(new Set(PLAN_STATES));
  for (const demo of DEMO_PLAN_ITEMS[first!.name]!)
    expect(items.find((i) => i.title === demo.title)?.state).toBe(demo.ends);
  const { tickets } = await json<TListTicketsResponse>(t.request("/api/tickets", { headers: { cookie } }));
  expect(tickets.map((x) => x.subject).sort()).toEqual(DEMO_TICKETS[first!.name]!.map((x) => x.subject).sort());
  expect(new Set(tickets.map((x) => x.status))).toEqual(
    new Set(["open", "waiting_on_client", "waiting_on_agency", "resolved"]),
  );
});

test("the first client's monthly value reports cover three full months with hours saved and fees paid", async () => {
  const cookie = await signedIn(DEMO_COMPANIES[0]!.people.find((p) => p.role === "owner")!.email);
  const { months } = await json<TListReportsResponse>(t.request("/api/reports", { headers: { cookie } }));
  const complete = months.filter((m) => m.complete && !m.partial);
  expect(complete.length).toBeGreaterThanOrEqual(2);
  for (const { month } of complete) {
    const { report } = await json<TGetReportResponse>(t.request(`/api/reports/${month}`, { headers: { cookie } }));
    expect(report.moneySavedMinor).toBeGreaterThan(0);
    expect(report.feesMinor).toBeGreaterThan(0);
  }
});

test("a second seed:demo finds its demo and changes nothing", async () => {
  const before = await json<TListAutomationsResponse>(
    t.request("/api/automations", { headers: { cookie: await signedIn(DEMO_COMPANIES[0]!.people[0]!.email) } }),
  );
  expect(await seedDemoOnce(t.context())).toEqual({ seeded: false, state: "demo" });
  const after = await json<TListAutomationsResponse>(
    t.request("/api/automations", { headers: { cookie: await signedIn(DEMO_COMPANIES[0]!.people[0]!.email) } }),
  );
  expect(after).toEqual(before);
});
