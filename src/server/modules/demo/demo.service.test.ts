import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { signIn } from "../../test/auth-helpers";
import { setUpAuthenticator, type AuthPost } from "../../test/authenticator";
import { json } from "../../test/fixtures";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { DEMO_COMPANIES } from "./demo-data";
import { isDatabaseEmpty, seedDemo } from "./demo.service";
import type { TListAutomationsResponse } from "../../../shared/automations";

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
    expect(theirs.map((a) => a.name).sort()).toEqual(demo.automations.map((a) => a.name).sort());
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
  expect(listed.automations).toHaveLength(first!.automations.length);
});
