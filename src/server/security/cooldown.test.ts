import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rateLimit } from "../db/schema/auth";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { takeCooldown } from "./cooldown";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const T0 = 1_800_000_000_000;

describe("takeCooldown", () => {
  test("allows once per window and says how long to wait", async () => {
    const key = "test:window";
    expect(await takeCooldown(t.db, key, 60, T0)).toEqual({ allowed: true });
    expect(await takeCooldown(t.db, key, 60, T0 + 1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await takeCooldown(t.db, key, 60, T0 + 1_000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(await takeCooldown(t.db, key, 60, T0 + 59_001)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Exactly at the end of the window it still waits a second, never zero.
    expect(await takeCooldown(t.db, key, 60, T0 + 60_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await takeCooldown(t.db, key, 60, T0 + 60_001)).toEqual({ allowed: true });
    // The new window starts at the allowed action, not at the refused ones.
    expect(await takeCooldown(t.db, key, 60, T0 + 90_000)).toEqual({ allowed: false, retryAfterSeconds: 31 });
    const [row] = await t.db.select().from(rateLimit).where(eq(rateLimit.key, key));
    expect(row).toMatchObject({ count: 2, lastRequest: T0 + 60_001 });
  });

  test("keys are independent", async () => {
    expect(await takeCooldown(t.db, "test:a", 60, T0)).toEqual({ allowed: true });
    expect(await takeCooldown(t.db, "test:b", 60, T0)).toEqual({ allowed: true });
    expect(await takeCooldown(t.db, "test:a", 60, T0 + 5)).toMatchObject({ allowed: false });
  });

  test("the length of the window is the caller's", async () => {
    expect(await takeCooldown(t.db, "test:short", 5, T0)).toEqual({ allowed: true });
    expect(await takeCooldown(t.db, "test:short", 5, T0 + 2_500)).toEqual({ allowed: false, retryAfterSeconds: 3 });
    expect(await takeCooldown(t.db, "test:short", 5, T0 + 5_001)).toEqual({ allowed: true });
  });

  test("of many simultaneous attempts exactly one wins", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => takeCooldown(t.db, "test:race", 60, T0)));
    expect(results.filter((result) => result.allowed)).toHaveLength(1);
    expect(results.filter((result) => !result.allowed)).toHaveLength(11);
  });

  test("uses the current time by default", async () => {
    expect(await takeCooldown(t.db, "test:now", 60)).toEqual({ allowed: true });
    const refused = await takeCooldown(t.db, "test:now", 60);
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
  });
});
