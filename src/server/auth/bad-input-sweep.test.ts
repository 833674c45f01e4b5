import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TestRuntime } from "../test/test-runtime";
import { GARBAGE, QUERIES } from "./bad-input-garbage";
import { expectReadable, startBadInputRuntime, type BadInputRuntime } from "./bad-input-helpers";

/** Every endpoint Better Auth exposes, swept with garbage signed out, as a client and as staff: never a 500. */

let t: TestRuntime;
let ensureSignedIn: BadInputRuntime["ensureSignedIn"];
let call: BadInputRuntime["call"];
beforeAll(async () => {
  ({ t, ensureSignedIn, call } = await startBadInputRuntime());
});
afterAll(() => t.close());

describe("every Better Auth endpoint survives garbage", () => {
  const endpoints = () =>
    Object.values(t.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>)
      .filter((endpoint) => typeof endpoint.path === "string")
      .map((endpoint) => ({
        path: `/api/auth${endpoint.path!.replace(":id", "credential").replace(":token", "not-a-token")}`,
        methods: [endpoint.options?.method ?? "GET"].flat(),
      }));

  test("the sweep covers the endpoints we rely on", () => {
    const paths = endpoints().map((e) => e.path);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/auth/sign-in/email",
      "/api/auth/sign-out",
      "/api/auth/send-verification-email",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
    ]) {
      expect(paths).toContain(path);
    }
  });

  test.each(["anon", "client", "staff"] as const)(
    "as %s",
    async (who) => {
      await ensureSignedIn(who);
      for (const { path, methods } of endpoints()) {
        const attempts = [
          ...(methods.includes("POST")
            ? GARBAGE.map(([what, init]) => ({ label: `POST ${path} with ${what}`, target: path, init }))
            : []),
          ...(methods.includes("GET")
            ? QUERIES.map((query) => ({
                label: `GET ${path}${query.slice(0, 40)}`,
                target: `${path}${query}`,
                init: {},
              }))
            : []),
        ];
        for (const { label, target, init } of attempts) {
          const res = await call(who, target, init);
          await expectReadable(res, `${who} ${label}`);
          // Only an accepted call can have ended the session (sign-out, revoke-sessions…).
          if (res.status < 400) await ensureSignedIn(who);
        }
      }
    },
    180_000,
  );
});
