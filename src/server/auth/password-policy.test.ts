import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { COMMON_PASSWORD_MESSAGE, EMAIL_IN_PASSWORD_MESSAGE } from "../../shared/password-rules";
import { PASSWORD, confirmedClient, pathOf, signIn, signUp, userRow } from "../test/auth-helpers";
import { createTestRuntime, latestLink, type TestRuntime } from "../test/test-runtime";
import { commonPasswordCount, isCommonPassword } from "./common-passwords";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

/** The four the audit tried, and the same with other letter cases. */
const COMMON = ["password", "12345678", "qwertyuiop", "aaaaaaaa", "Password", "QWERTYUIOP"];

describe("the common-password list", () => {
  test("ships with the app and holds at least the 100,000 most common breached passwords", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(100_000);
    for (const password of COMMON) expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });
});

describe("sign-up", () => {
  test.each(COMMON)("refuses %j with 'This password is too common', and makes no account", async (password) => {
    const email = `common-${password.toLowerCase()}@example.com`;
    const res = await signUp(t, { email, password });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
    expect(await userRow(t, email)).toBeUndefined();
  });

  test.each(["margaret.hale", "Margaret.Hale2026", "my margaret.hale password"])(
    "refuses %j for margaret.hale@example.com: it holds the email's local part",
    async (password) => {
      const res = await signUp(t, { email: "margaret.hale@example.com", password });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: EMAIL_IN_PASSWORD_MESSAGE });
      expect(await userRow(t, "margaret.hale@example.com")).toBeUndefined();
    },
  );

  test("accepts an uncommon password that does not hold the email", async () => {
    expect((await signUp(t, { email: "uncommon@example.com", password: "teapot orbit lantern" })).status).toBe(200);
  });
});

describe("reset", () => {
  async function resetToken(email: string): Promise<string> {
    await t.request("/api/auth/request-password-reset", {
      json: { email, redirectTo: "/reset-password" },
      ip: t.newIp(),
    });
    const res = await t.request(pathOf(await latestLink(t, email, "reset-password")));
    return new URL(res.headers.get("location")!, "http://localhost:3000").searchParams.get("token")!;
  }
  const reset = (token: string, newPassword: string) =>
    t.request("/api/auth/reset-password", { json: { token, newPassword }, ip: t.newIp() });

  test("refuses a common password and one holding the email; the link still works for a good one", async () => {
    await confirmedClient(t, "resetter@example.com");
    const token = await resetToken("resetter@example.com");

    const common = await reset(token, "qwertyuiop");
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
    const own = await reset(token, "resetter rocks");
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ message: EMAIL_IN_PASSWORD_MESSAGE });
    expect((await signIn(t, "resetter@example.com", "qwertyuiop")).status).toBe(401);

    expect((await reset(token, "teapot orbit lantern")).status).toBe(200);
    expect((await signIn(t, "resetter@example.com", "teapot orbit lantern")).status).toBe(200);
  });
});

describe("change", () => {
  const change = (cookie: string, newPassword: string) =>
    t.request("/api/auth/change-password", { json: { currentPassword: PASSWORD, newPassword }, headers: { cookie } });

  test("refuses a common password and one holding the email; the old password still works", async () => {
    const cookie = await confirmedClient(t, "changer@example.com");

    const common = await change(cookie, "12345678");
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
    const own = await change(cookie, "CHANGER-2026");
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ message: EMAIL_IN_PASSWORD_MESSAGE });
    expect((await signIn(t, "changer@example.com", PASSWORD)).status).toBe(200);

    expect((await change(cookie, "teapot orbit lantern")).status).toBe(200);
  });
});
