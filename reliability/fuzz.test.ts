import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PASSWORD, signIn } from "../src/server/test/auth-helpers";
import { registerAutomation, signUpClient, signUpStaff } from "../src/server/test/fixtures";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../src/server/test/test-runtime";
import { fuzzTargets, type Endpoint } from "./fuzz-endpoints";
import { EXTREME_QUERIES, pathParam, queryString, requestBody } from "./fuzz-inputs";

/**
 * Generated bad input against every endpoint of ours and every Better Auth endpoint we use,
 * signed out, as a client and as staff: no answer may be a 5xx, nothing may throw, and no
 * request may take over three seconds, a guard against a blocked event loop that holds on a busy
 * 2-core machine (a quadratic input took tens of seconds). Endpoints that hash a password when the
 * input passes their checks (sign-in, sign-up, change-password…) get ten: scrypt is slow on purpose.
 */

type Who = "anon" | "client" | "staff";
const RUNS_PER_ENDPOINT_AND_ROLE = Number(process.env.FUZZ_RUNS ?? 15);
const LIMIT_MS = 3_000;
const HASHING_LIMIT_MS = 10_000;

let t: TestRuntime;
const cookies: Record<Who, string> = { anon: "", client: "", staff: "" };
const emails = { client: "fuzz-client@example.com", staff: "fuzz-staff@cogwork.test" } as const;
const realIds: string[] = [];
const INBOUND_SECRET = "fuzz-inbound-secret-fuzz-inbound-secret";

beforeAll(async () => {
  // Inbound mail switched on, so that raw MIME reaches the parser behind the shared secret.
  t = await createTestRuntime({ INBOUND_EMAIL_DOMAIN: "reply.cogwork.test", INBOUND_EMAIL_SECRET: INBOUND_SECRET });
  const client = await signUpClient(t, emails.client, "Fuzz Ltd");
  const staff = await signUpStaff(t, emails.staff);
  cookies.client = client.cookie;
  cookies.staff = staff.cookie;
  const automation = await registerAutomation(t, staff, client.companyId!);
  realIds.push(automation.id, automation.keyId, client.companyId!, client.userId);
});
afterAll(() => t?.close());

/** A generated call may have ended the session (sign-out, revoke-sessions): sign in again. */
async function stillSignedIn(who: Who) {
  if (who === "anon") return;
  if ((await t.request("/api/me", { headers: { cookie: cookies[who] } })).status === 200) return;
  const again = await signIn(t, emails[who], PASSWORD);
  cookies[who] = again.status === 200 ? cookieFrom(again) : "";
}

/** Percent-encodes a generated value; a lone surrogate cannot be encoded, so it becomes "?". */
const encode = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "?"));

const results = { requests: 0, slowestMs: 0, slowest: "", failures: [] as string[] };

async function send(who: Who, endpoint: Endpoint, path: string, init: { contentType?: string; text?: string }) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who];
  if (init.contentType) headers["content-type"] = init.contentType;
  if (path.startsWith("/api/v1/")) headers.authorization = "Bearer cwk_not_a_real_key";
  if (path.startsWith("/api/inbound/")) headers.authorization = `Bearer ${INBOUND_SECRET}`;
  const withBody = endpoint.method !== "GET" && endpoint.method !== "DELETE";
  const label = `${who} ${endpoint.method} ${path.slice(0, 120)} ${(init.text ?? "").slice(0, 60)}`;
  const started = performance.now();
  let status = 0;
  try {
    const res = await t.request(path, {
      method: endpoint.method,
      headers,
      body: withBody ? init.text : undefined,
      ip: t.newIp(),
    });
    status = res.status;
    await res.arrayBuffer();
  } catch (error) {
    results.failures.push(`${label} threw ${String(error).slice(0, 200)}`);
  }
  const ms = performance.now() - started;
  results.requests++;
  if (ms > results.slowestMs) Object.assign(results, { slowestMs: ms, slowest: label });
  if (status >= 500) results.failures.push(`${label} answered ${status}`);
  if (ms > (endpoint.hashesPasswords ? HASHING_LIMIT_MS : LIMIT_MS))
    results.failures.push(`${label} took ${Math.round(ms)} ms`);
  if (status > 0 && status < 400) await stillSignedIn(who);
}

/** Routes under /api/auth that are ours (auth.routes.ts), not Better Auth's. */
const OUR_AUTH_ROUTES = ["/api/auth/get-session", "/api/auth/verify-email", "/api/auth/undo-email-change"];

test("bad input never gets a 5xx, an exception or a slow answer", async () => {
  const endpoints = fuzzTargets(t.app);
  expect(endpoints.length).toBeGreaterThan(40);
  const known = new Set(
    Object.values(t.auth.api as unknown as Record<string, { path?: string }>).map(
      (endpoint) => `/api/auth${endpoint.path}`,
    ),
  );
  for (const endpoint of endpoints.filter(
    (e) => e.path.startsWith("/api/auth/") && !OUR_AUTH_ROUTES.includes(e.path),
  )) {
    expect(known, endpoint.path).toContain(endpoint.path);
  }

  for (const endpoint of endpoints) {
    const params = endpoint.path.match(/:\w+/g) ?? [];
    const input = fc.record({
      values: fc.tuple(...params.map(() => pathParam(realIds))),
      query: queryString,
      body: requestBody(realIds),
    });
    for (const who of ["anon", "client", "staff"] as const) {
      await stillSignedIn(who);
      await fc.assert(
        fc.asyncProperty(input, async ({ values, query, body: generated }) => {
          let path = endpoint.path;
          params.forEach((param, i) => (path = path.replace(param, encode(values[i] as string))));
          await send(who, endpoint, `${path}${query}`, generated);
        }),
        { numRuns: RUNS_PER_ENDPOINT_AND_ROLE, seed: Number(process.env.FUZZ_SEED ?? 9) },
      );
    }
    if (endpoint.method !== "GET") continue;
    for (const who of ["client", "staff"] as const) {
      await stillSignedIn(who);
      const path = endpoint.path.replace(/:\w+/g, () => realIds[0]!);
      for (const query of EXTREME_QUERIES) await send(who, endpoint, `${path}${query}`, {});
    }
  }

  console.log(
    `reliability: fuzz ${results.requests} requests over ${endpoints.length} endpoints, ${results.failures.filter((f) => f.includes("answered 5")).length} ≥ 500, slowest ${Math.round(results.slowestMs)} ms (${results.slowest.slice(0, 80)})`,
  );
  expect(results.failures).toEqual([]);
}, 300_000);
