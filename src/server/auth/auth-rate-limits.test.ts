import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { confirmedClient, signIn } from "../test/auth-helpers";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

describe("Better Auth's limiter", () => {
  test("a signed-in person's own session reads are never refused, however many come from one address", async () => {
    const cookie = await confirmedClient(t, "office@example.com");
    const ip = t.newIp();
    // More than any per-address budget: an office behind one address, each screen checking its session.
    for (let i = 0; i < 130; i++) {
      const session = await t.request("/api/auth/get-session", { headers: { cookie }, ip });
      expect(session.status, `session read ${i + 1}`).toBe(200);
      expect(await session.json()).toMatchObject({ user: { email: "office@example.com" } });
      const sessions = await t.request("/api/auth/list-sessions", { headers: { cookie }, ip });
      expect(sessions.status, `list of sessions ${i + 1}`).toBe(200);
    }

    // Guesses from that same address are still limited.
    const attempts: number[] = [];
    for (let i = 0; i < 12; i++) attempts.push((await signIn(t, `guess${i}@example.com`, "wrong-password", ip)).status);
    expect(attempts.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(attempts.slice(10)).toEqual([429, 429]);
  });

  test("a window ends a minute after its first request, even while requests keep coming", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-03-02T09:00:00Z").getTime();
    const ip = t.newIp();
    const forgot = (secondsIn: number) => {
      vi.setSystemTime(start + secondsIn * 1000);
      return t.request("/api/auth/request-password-reset", {
        json: { email: "nobody@example.com", redirectTo: "/reset-password" },
        ip,
      });
    };
    // Five a minute (the rule), spread over the first minute.
    for (const second of [0, 15, 30, 45, 55]) expect((await forgot(second)).status).toBe(200);
    // The first minute is over: a new window, though the last request was six seconds ago.
    expect((await forgot(61)).status).toBe(200);
    for (const second of [62, 63, 64, 65]) expect((await forgot(second)).status).toBe(200);
    // The sixth of the second window is refused until that window ends.
    const refused = await forgot(66);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBe(55);
  });
});
