import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BETTER_AUTH_ENDPOINTS } from "../auth/better-auth-endpoints";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { declaredEndpoints, toOpenApiPath } from "./declared-endpoints";

let t: TestRuntime;
let document: { paths: Record<string, Record<string, unknown>>; info: { description: string } };

beforeAll(async () => {
  t = await createTestRuntime();
  document = (await (await t.request("/api/docs/openapi.json")).json()) as typeof document;
});
afterAll(() => t.close());

/** The app's own routes under /api: Hono lists middleware as method ALL, and Better Auth's as one wildcard. */
function routesOfTheApp() {
  return t.app.routes
    .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL" && !route.path.startsWith("/api/auth/"))
    .map((route) => `${route.method} ${toOpenApiPath(route.path)}`);
}

describe("the API contract", () => {
  it("describes every route of the app in /api/docs/openapi.json", () => {
    const documented = new Set(declaredEndpoints(document).map((e) => `${e.method} ${e.path}`));
    const undocumented = [...new Set(routesOfTheApp())].filter((route) => !documented.has(route));
    expect(undocumented).toEqual([]);
    expect(documented.size).toBeGreaterThan(20);
  });

  it("declares who may call each endpoint, and a response schema for its success", () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(
        item as Record<string, { responses: Record<string, unknown> }>,
      )) {
        const success = Object.keys(operation.responses).filter((status) => status.startsWith("2"));
        expect(success, `${method} ${path}`).not.toEqual([]);
      }
    }
    // declaredEndpoints throws on an operation without x-access.
    expect(declaredEndpoints(document).every((e) => e.access)).toBe(true);
  });

  it("names Better Auth's endpoints in the description instead of describing them", () => {
    for (const line of BETTER_AUTH_ENDPOINTS) expect(document.info.description).toContain(line);
  });

  it("answers validation errors in the one error shape", async () => {
    const res = await t.request("/api/contact", { json: { name: "", email: "nope", message: "" } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; code: string; fields: Record<string, string> };
    expect(body.code).toBe("VALIDATION");
    expect(body.fields.email).toBe("Invalid email");
  });
});
