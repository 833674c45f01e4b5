import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { tenantFixtures } from "../test/tenant-fixtures";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { declaredEndpoints, type DeclaredEndpoint } from "./declared-endpoints";
import type { SignedIn } from "../test/fixtures";

// Generated from the access each endpoint declares in the OpenAPI document: a new endpoint is
// covered as soon as it exists, and one whose path carries an id this file cannot supply fails.
vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let f: Awaited<ReturnType<typeof tenantFixtures>>;
let endpoints: DeclaredEndpoint[];

beforeAll(async () => {
  // Stripe on (its API unreachable: no endpoint here may get as far as calling it), so its webhook is live.
  t = await createTestRuntime({
    STRIPE_SECRET_KEY: "sk_test_matrix",
    STRIPE_WEBHOOK_SECRET: "whsec_matrix",
    STRIPE_API_URL: "http://127.0.0.1:9",
  });
  f = await tenantFixtures(t);
  endpoints = declaredEndpoints(await (await t.request("/api/docs/openapi.json")).json());
}, 240_000);
afterAll(() => t.close());

function call(endpoint: DeclaredEndpoint, caller: SignedIn | null, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extraHeaders, ...(caller ? { cookie: caller.cookie } : {}) };
  const body = endpoint.hasBody ? (endpoint.bodyExample ?? {}) : undefined;
  return t.request(f.pathFor(endpoint.path), {
    method: endpoint.method,
    headers,
    // Each call from its own address: the matrix makes more writes than one address may per minute.
    ip: t.newIp(),
    ...(body === undefined ? {} : { json: body }),
  });
}

const label = (e: DeclaredEndpoint, who: string) => `${e.method} ${e.path} (${e.access}) as ${who}`;

describe("the tenant matrix", () => {
  it("refuses anonymous callers on every endpoint that is not public", async () => {
    const guarded = endpoints.filter((e) => e.access !== "public");
    expect(guarded.length).toBeGreaterThan(10);
    for (const endpoint of guarded) expect((await call(endpoint, null)).status, label(endpoint, "anonymous")).toBe(401);
  });

  it("refuses a client, owner or member, on every staff endpoint", async () => {
    for (const endpoint of endpoints.filter((e) => e.access === "staff")) {
      expect((await call(endpoint, f.ownerA)).status, label(endpoint, "owner of A")).toBe(403);
      expect((await call(endpoint, f.memberA)).status, label(endpoint, "member of A")).toBe(403);
    }
  });

  it("refuses a plain member where the company's owner is required", async () => {
    for (const endpoint of endpoints.filter((e) => e.access === "owner")) {
      expect((await call(endpoint, f.memberA)).status, label(endpoint, "member of A")).toBe(403);
    }
  });

  it("hides company B's objects from company A's people, and shows them to B's owner", async () => {
    const scoped = endpoints.filter((e) => e.access === "member" && e.params.length > 0);
    expect(scoped.length).toBeGreaterThan(0);
    for (const endpoint of scoped) {
      expect((await call(endpoint, f.ownerA)).status, label(endpoint, "owner of A on B's object")).toBe(404);
      expect((await call(endpoint, f.memberA)).status, label(endpoint, "member of A on B's object")).toBe(404);
      const own = await call(endpoint, f.ownerB);
      expect(own.status, `${label(endpoint, "owner of B on B's object")}: ${await own.clone().text()}`).toBeLessThan(
        300,
      );
    }
  });

  it("accepts only ingest keys on the run reporting API, never a session", async () => {
    const ingest = endpoints.filter((e) => e.access === "ingest");
    expect(ingest.length).toBeGreaterThan(0);
    for (const endpoint of ingest) {
      expect((await call(endpoint, f.staff)).status, label(endpoint, "staff session")).toBe(401);
      expect(
        (await call(endpoint, f.ownerB, { authorization: "Bearer cwk_forged" })).status,
        label(endpoint, "forged key"),
      ).toBe(401);
    }
  });

  it("takes replies by email only with the inbound shared secret, never a session", async () => {
    const inbound = endpoints.filter((e) => e.operationId === "receiveReplyEmail");
    expect(inbound.length).toBe(1);
    for (const caller of [null, f.ownerB, f.staff]) {
      expect((await call(inbound[0]!, caller)).status, label(inbound[0]!, "without the secret")).toBe(401);
    }
  });

  it("takes Stripe's events only with Stripe's signature, never a session", async () => {
    const webhook = endpoints.filter((e) => e.operationId === "receiveStripeEvent");
    expect(webhook.length).toBe(1);
    for (const caller of [null, f.ownerB, f.staff]) {
      expect((await call(webhook[0]!, caller)).status, label(webhook[0]!, "without a signature")).toBe(400);
      const forged = await call(webhook[0]!, caller, { "stripe-signature": "t=1,v1=forged" });
      expect(forged.status, label(webhook[0]!, "with a forged signature")).toBe(400);
    }
  });
});
