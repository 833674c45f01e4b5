import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { confirmedClient, PASSWORD, signedInStaff, signIn } from "../test/auth-helpers";
import { cookieFrom, type TestRuntime } from "../test/test-runtime";
import { sessionTimeout, startSecurityRuntime } from "./security-test-runtime";

let t: TestRuntime;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await startSecurityRuntime());
});
afterAll(() => close());
afterEach(() => {
  vi.useRealTimers();
});

const timeout = (cookie: string, init?: { token?: string; csrf?: boolean }) => sessionTimeout(t, cookie, init);

describe("session lifetime", () => {
  test("a session idle for more than 30 minutes is refused by the server", async () => {
    const cookie = await confirmedClient(t, "idle@example.com");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    vi.advanceTimersByTime(29 * 60_000);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(200);
    vi.advanceTimersByTime(31 * 60_000);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(401);
  });

  test("a session in use is refused past the absolute limit of 24 hours", async () => {
    const cookie = await confirmedClient(t, "absolute@example.com");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    // Active every 20 minutes, so never idle; still ended once 24 hours have passed.
    for (let step = 1; step < 72; step++) {
      vi.advanceTimersByTime(20 * 60_000);
      const path = step % 2 ? "/api/me" : "/api/auth/get-session";
      const res = await t.request(path, { headers: { cookie } });
      expect(res.status, `after ${step * 20} minutes`).toBe(200);
    }
    vi.advanceTimersByTime(20 * 60_000);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(401);
    expect(await (await t.request("/api/auth/get-session", { headers: { cookie } })).json()).toBeNull();
  });

  test("signed-out and revoked sessions are refused when the old cookie is replayed", async () => {
    const first = await confirmedClient(t, "replay@example.com");
    const second = cookieFrom(await signIn(t, "replay@example.com", PASSWORD));
    await t.request("/api/auth/sign-out", { json: {}, headers: { cookie: first } });
    expect((await t.request("/api/me", { headers: { cookie: first } })).status).toBe(401);
    const sessions = (await (await t.request("/api/auth/list-sessions", { headers: { cookie: second } })).json()) as {
      token: string;
    }[];
    expect(sessions).toHaveLength(1);
    const third = cookieFrom(await signIn(t, "replay@example.com", PASSWORD));
    await t.request("/api/auth/revoke-session", { json: { token: sessions[0]!.token }, headers: { cookie: third } });
    expect((await t.request("/api/me", { headers: { cookie: second } })).status).toBe(401);
    expect((await t.request("/api/me", { headers: { cookie: third } })).status).toBe(200);
  });

  test("the browser's inactivity timeout is logged and ends the session on the server", async () => {
    const staff = await signedInStaff(t, "timeout-staff@example.com");
    const cookie = await confirmedClient(t, "timeout@example.com");
    expect((await timeout(cookie)).status).toBe(200);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(401);
    const log = await t.request("/api/admin/security-events?type=session_timeout", { headers: { cookie: staff } });
    const { events } = (await log.json()) as { events: { email: string; message: string }[] };
    expect(events).toContainEqual(
      expect.objectContaining({ email: "timeout@example.com", message: "User was logged out due to inactivity." }),
    );
  });
});
