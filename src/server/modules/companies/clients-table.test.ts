import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { CLIENT_SORTS, ZListClientsResponse, type TClientRow } from "../../../shared/clients";
import { pricingPlan } from "../../db/schema/pricing";
import { json } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { seedClient } from "./clients-test-kit";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let client: Caller;
const seed = (spec: Parameters<typeof seedClient>[1]) => seedClient(t, spec);

const list = (query = "", who: Caller | null = staff) =>
  t.request(`/api/staff/companies${query}`, { headers: who ? { cookie: who.cookie } : {} });
const listed = (query = "") => expectBody(list(query), 200, ZListClientsResponse);

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
  client = await givenClient(t, "eve@client.test", "Eve Co");
  await seed({
    name: "Acme Ltd",
    owner: { name: "Ann Zed", email: "ann@acme.test" },
    invitation: "joe@acme-pending.test", // not the contact: the company has an owner
    summary: { live: 3, total: 4, runs: 10, failed: 1, minutes: 600, daysAgo: 1 },
    subscription: { plan: "growth", status: "active", interval: "monthly" },
    tickets: { open: 3, resolved: 2 },
  });
  await seed({
    name: "beta works",
    invitation: "bob@beta.test",
    summary: { live: 0, total: 1, runs: 0, failed: 0, minutes: 0, daysAgo: 3 },
    subscription: { plan: "starter", status: "trialing", interval: "monthly" },
  });
  await seed({ name: "Gamma 100%", automations: ["paused", "retired"] });
  await seed({
    name: "Delta",
    owner: { name: "", email: "carl@delta.test" },
    summary: { live: 3, total: 6, runs: 4, failed: 4, minutes: 90, daysAgo: 40 },
    subscription: { plan: "starter", status: "canceled", interval: "monthly" },
  });
  await seed({
    name: "Epsilon",
    owner: { name: "Dora Bell", email: "dora@eps.test" },
    summary: { live: 1, total: 1, runs: 8, failed: 0, minutes: 30, daysAgo: 0 },
    subscription: { plan: "starter", status: "past_due", interval: "yearly" },
    tickets: { open: 1, resolved: 0 },
  });
}, 180_000);
afterAll(() => t.close());

test("staff see every company with its main contact and figures; clients and strangers are refused", async () => {
  const body = await listed("?pageSize=100");
  const byName = new Map(body.clients.map((c) => [c.name, c]));
  expect(byName.get("Acme Ltd")).toMatchObject({
    status: "active",
    mainContact: { name: "Ann Zed", email: "ann@acme.test" },
    automationsLive: 3,
    automationsTotal: 4,
    failureRate7d: 0.1,
    hoursSaved30d: 10,
  });
  expect(byName.get("beta works")).toMatchObject({ mainContact: { name: null, email: "bob@beta.test" } });
  expect(byName.get("beta works")!.failureRate7d).toBeNull();
  // Not refreshed yet: zeros, and its own last change as its last activity.
  expect(byName.get("Gamma 100%")).toMatchObject({ mainContact: null, automationsLive: 0, hoursSaved30d: 0 });
  expect(byName.get("Gamma 100%")!.lastActivityAt).not.toBeNull();
  expect(byName.get("Delta")!.mainContact).toEqual({ name: null, email: "carl@delta.test" });
  // Plan and MRR: active and past-due plans count (a yearly one as a twelfth), trials and canceled ones 0.
  const prices = new Map((await t.db.select().from(pricingPlan)).map((p) => [p.slug, p]));
  const planOf = (name: string) => [byName.get(name)!.plan, byName.get(name)!.mrrMinor];
  expect(planOf("Acme Ltd")).toEqual([{ name: "Growth", status: "active" }, prices.get("growth")!.monthlyPriceMinor]);
  expect(planOf("Epsilon")).toEqual([
    { name: "Starter", status: "past_due" },
    Math.round(prices.get("starter")!.yearlyPriceMinor / 12),
  ]);
  expect(planOf("beta works")).toEqual([{ name: "Starter", status: "trialing" }, 0]);
  expect(planOf("Delta")).toEqual([{ name: "Starter", status: "canceled" }, 0]);
  expect(planOf("Gamma 100%")).toEqual([null, 0]);
  // Open tickets: every status but resolved.
  expect(["Acme Ltd", "Epsilon", "Delta"].map((name) => byName.get(name)!.openTickets)).toEqual([3, 1, 0]);
  expect(body).toMatchObject({ page: 1, pageSize: 100, total: body.clients.length });
  expect(body.refreshedAt).not.toBeNull();

  expect((await list("", client)).status).toBe(403);
  expect((await list("", null)).status).toBe(401);
  expect((await list("/export.csv", client)).status).toBe(403);
  expect((await list("/export.csv", null)).status).toBe(401);
});

const statusRank = { trial: 0, active: 1, past_due: 2, paused: 3, churned: 4 };
const sortKey: Record<(typeof CLIENT_SORTS)[number], (c: TClientRow) => (string | number | null)[]> = {
  name: (c) => [c.name.toLowerCase()],
  contact: (c) => [c.mainContact ? (c.mainContact.name || c.mainContact.email).toLowerCase() : null],
  status: (c) => [statusRank[c.status]],
  automations: (c) => [c.automationsLive, c.automationsTotal],
  failureRate: (c) => [c.failureRate7d],
  hoursSaved: (c) => [c.hoursSaved30d],
  lastActivity: (c) => [Date.parse(c.lastActivityAt!)],
  plan: (c) => [c.plan?.name.toLowerCase() ?? null],
  mrr: (c) => [c.mrrMinor],
  openTickets: (c) => [c.openTickets],
};

/** The order the server must produce: nulls last both ways, the company id as the last tie-breaker. */
function expectedOrder(rows: TClientRow[], sort: (typeof CLIENT_SORTS)[number], dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [ka, kb] = [sortKey[sort](a), sortKey[sort](b)];
      for (let i = 0; i < ka.length; i++) {
        const [x, y] = [ka[i] ?? null, kb[i] ?? null];
        if (x === y) continue;
        if (x === null) return 1;
        if (y === null) return -1;
        return (x < y ? -1 : 1) * sign;
      }
      return (a.id < b.id ? -1 : 1) * sign;
    })
    .map((c) => c.name);
}

describe("sorting", () => {
  for (const sort of CLIENT_SORTS)
    for (const dir of ["asc", "desc"] as const)
      test(`by ${sort}, ${dir}`, async () => {
        const body = await listed(`?sort=${sort}&dir=${dir}&pageSize=100`);
        expect(body.clients.map((c) => c.name)).toEqual(expectedOrder(body.clients, sort, dir));
      });

  test("by name by default, ignoring case", async () => {
    const names = (await listed()).clients.map((c) => c.name);
    expect(names.filter((name) => ["Acme Ltd", "beta works", "Delta", "Epsilon"].includes(name))).toEqual([
      "Acme Ltd",
      "beta works",
      "Delta",
      "Epsilon",
    ]);
  });
});

test("filters by status and searches names, contact names and emails, wildcards taken literally", async () => {
  expect((await listed("?status=churned")).clients.map((c) => c.name)).toEqual(["Delta"]);
  expect((await listed("?q=BETA")).clients.map((c) => c.name)).toEqual(["beta works"]);
  expect((await listed("?q=zed")).clients.map((c) => c.name)).toEqual(["Acme Ltd"]);
  expect((await listed("?q=bob%40beta")).clients.map((c) => c.name)).toEqual(["beta works"]);
  expect((await listed("?q=carl@")).clients.map((c) => c.name)).toEqual(["Delta"]);
  expect((await listed("?q=%25")).clients.map((c) => c.name)).toEqual(["Gamma 100%"]);
  expect((await listed("?q=_")).total).toBe(0);
  expect((await listed("?q=old-bob")).total).toBe(0);
  expect((await listed("?q=acme-pending")).total).toBe(0);
  const both = await listed("?q=a&status=active");
  expect(both.clients.every((c) => c.status === "active")).toBe(true);
  expect(both.total).toBe(both.clients.length);
});

test("pages sorted by contact, both ways, join into the one-page order, each row with its contact", async () => {
  for (const dir of ["asc", "desc"] as const) {
    const whole = (await listed(`?sort=contact&dir=${dir}&pageSize=100`)).clients;
    expect(whole.length).toBeGreaterThan(4);
    const paged: TClientRow[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 3); page++)
      paged.push(...(await listed(`?sort=contact&dir=${dir}&pageSize=3&page=${page}`)).clients);
    expect(paged.map((c) => [c.id, c.mainContact])).toEqual(whole.map((c) => [c.id, c.mainContact]));
  }
});

test("pages through companies of the same name without a gap or a repeat", async () => {
  const ids: string[] = [];
  for (let i = 0; i < 23; i++) ids.push(await seed({ name: "Tie Co" }));
  const seen: string[] = [];
  for (let page = 1; page <= 4; page++) {
    const body = await listed(`?q=tie%20co&pageSize=7&page=${page}&sort=status`);
    expect(body).toMatchObject({ total: 23, page, pageSize: 7 });
    seen.push(...body.clients.map((c) => c.id));
  }
  expect(seen).toEqual([...ids].sort());
  expect((await listed("?q=tie%20co&pageSize=7&page=5")).clients).toEqual([]);
});

test("a bad query is refused with a message per field", async () => {
  const response = await list("?sort=size&dir=up&status=gone&page=0&pageSize=101");
  expect(response.status).toBe(400);
  const body = await json<{ code: string; fields: Record<string, string> }>(response);
  expect(body.code).toBe("VALIDATION");
  expect(body.fields).toEqual({
    sort: "Sort must be one of name, contact, status, automations, failureRate, hoursSaved, lastActivity, plan, mrr, openTickets",
    dir: "Direction must be asc or desc",
    status: "Status must be trial, active, past_due, paused or churned",
    page: "Page must be a whole number from 1 to 100,000",
    pageSize: "Page size must be a whole number from 1 to 100",
  });
  expect((await list("?page=two")).status).toBe(400);
  expect((await list("/export.csv?sort=size")).status).toBe(400);
});
