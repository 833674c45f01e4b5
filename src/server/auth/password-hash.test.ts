import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { account, user } from "../db/schema/auth";
import { confirmedClient, signIn } from "../test/auth-helpers";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { hashPassword, verifyPassword } from "./password-hash";

/** A hash Better Auth's own (pure JavaScript) scrypt made of "hashed before the change". */
const EARLIER_HASH =
  "3727ff0bc898e406724f20be8d914008:5dac7db0f8559a50178058293096157f07215da4b1f1efe8f843c1d99d77139c868e6c57131efc40f97af9ad3537b07671db99bb83f69afb842f540464497c10";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

test("a hash made before the change still checks, and only with its password", async () => {
  expect(await verifyPassword({ hash: EARLIER_HASH, password: "hashed before the change" })).toBe(true);
  expect(await verifyPassword({ hash: EARLIER_HASH, password: "hashed after the change" })).toBe(false);
  expect(await verifyPassword({ hash: "not-a-hash", password: "x" })).toBe(false);
  const fresh = await hashPassword("a new password");
  expect(fresh).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  expect(await verifyPassword({ hash: fresh, password: "a new password" })).toBe(true);
});

test("an account whose password was hashed before the change signs in", async () => {
  await confirmedClient(t, "earlier@example.com");
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "earlier@example.com"));
  await t.db.update(account).set({ password: EARLIER_HASH }).where(eq(account.userId, row!.id));
  expect((await signIn(t, "earlier@example.com", "hashed before the change")).status).toBe(200);
  expect((await signIn(t, "earlier@example.com", "hashed after the change")).status).toBe(401);
});

test("hashing runs off the event loop: other work goes on while a password is checked", async () => {
  let turns = 0;
  let done = false;
  const spin = () => {
    turns++;
    if (!done) setImmediate(spin);
  };
  setImmediate(spin);
  await verifyPassword({ hash: EARLIER_HASH, password: "hashed before the change" });
  done = true;
  // A synchronous scrypt would hold the loop for the whole check: not one turn in between.
  expect(turns).toBeGreaterThan(1);
});
