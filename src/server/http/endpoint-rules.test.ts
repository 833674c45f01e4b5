import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BETTER_AUTH_ENDPOINTS, betterAuthRules } from "../auth/better-auth-endpoints";
import { signInAgain, signUpStaff, type SignedIn } from "../test/fixtures";
import { tenantFixtures } from "../test/tenant-fixtures";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { declaredEndpoints, type DeclaredEndpoint } from "./declared-endpoints";

// Generated from the rules each endpoint declares (`x-rules` in the OpenAPI document, and Better
// Auth's table): a new write is covered as soon as it exists, with the defaults unless it says why not.
vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let f: Awaited<ReturnType<typeof tenantFixtures>>;
let writes: DeclaredEndpoint[];

beforeAll(async () => {
  t = await createTestRuntime({
    STRIPE_SECRET_KEY: "sk_test_rules",
    STRIPE_WEBHOOK_SECRET: "whsec_rules",
    STRIPE_API_URL: "http://127.0.0.1:9",
  });
  f = await tenantFixtures(t);
  const endpoints = declaredEndpoints(await (await t.request("/api/docs/openapi.json")).json());
  writes = endpoints.filter((e) => e.method !== "GET");
}, 240_000);
afterAll(() => t.close());

const ANY_ID = "00000000-0000-4000-8000-000000000000";
const label = (e: DeclaredEndpoint) => `${e.method} ${e.path}`;

function send(endpoint: DeclaredEndpoint, cookie: string, csrf: boolean) {
  const body = endpoint.hasBody ? (endpoint.bodyExample ?? {}) : undefined;
  // These rules are applied before the path's ids are read: any id will do.
  return t.request(endpoint.path.replace(/\{\w+\}/g, ANY_ID), {
    method: endpoint.method,
    headers: { cookie },
    csrf,
    ip: t.newIp(),
    ...(body === undefined ? {} : { json: body }),
  });
}

const codeOf = async (response: Response) =>
  ((await response.json().catch(() => null)) as { code?: string; reason?: string } | null) ?? {};

/** A staff session of its own, viewing company B read-only. */
async function viewingB(): Promise<SignedIn> {
  const cookie = await signInAgain(t, viewer);
  const started = await t.request(`/api/staff/companies/${f.ownerB.companyId}/view-as`, {
    method: "POST",
    headers: { cookie },
  });
  expect(started.status).toBe(200);
  return { ...viewer, cookie };
}
let viewer: SignedIn;

describe("each endpoint's declared rules", () => {
  it("refuses every write without a CSRF token, unless the endpoint declares why it takes none", async () => {
    expect(writes.length).toBeGreaterThan(30);
    for (const endpoint of writes) {
      const answer = await codeOf(await send(endpoint, f.staff.cookie, false));
      if (endpoint.rules.csrf) expect(answer.code, label(endpoint)).toBe("CSRF_INVALID");
      else expect(answer.code, `${label(endpoint)}: ${endpoint.rules.csrfExemptBecause}`).not.toBe("CSRF_INVALID");
    }
  });

  it("refuses every write of a session viewing a client, unless the endpoint declares why it may", async () => {
    viewer = await signUpStaff(t, "viewer@agency.test");
    const viewing = await viewingB();
    const allowed = writes.filter((e) => e.rules.allowedWhileViewing);
    for (const endpoint of writes.filter((e) => !e.rules.allowedWhileViewing)) {
      const response = await send(endpoint, viewing.cookie, true);
      expect(response.status, label(endpoint)).toBe(403);
      expect((await codeOf(response)).reason, label(endpoint)).toBe("read-only-view");
    }
    // The allowed ones end the view or the session: each gets a viewing session of its own.
    expect(allowed.length).toBeGreaterThan(0);
    for (const endpoint of allowed) {
      const response = await send(endpoint, (await viewingB()).cookie, true);
      expect((await codeOf(response)).reason, label(endpoint)).not.toBe("read-only-view");
      expect(response.status, label(endpoint)).not.toBe(403);
    }
  });

  it("applies the same to Better Auth's endpoints, from their table", async () => {
    const viewing = await viewingB();
    for (const line of BETTER_AUTH_ENDPOINTS) {
      const [method, path] = line.split(" ") as [string, string];
      if (method === "GET") continue;
      const rules = betterAuthRules(method, path);
      expect(rules.csrf, line).toBe(false);
      if (rules.allowedWhileViewing) continue;
      const response = await t.request(path, { method, headers: { cookie: viewing.cookie }, ip: t.newIp(), json: {} });
      expect(response.status, line).toBe(403);
      expect((await codeOf(response)).reason, line).toBe("read-only-view");
    }
  });
});
