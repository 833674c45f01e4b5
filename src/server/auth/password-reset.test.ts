import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verification } from "../db/schema/auth";
import { PASSWORD, confirmedClient, pathOf, signIn } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, latestLink, type TestRuntime } from "../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const NEW_PASSWORD = "a brand new passphrase";
const forgot = (email: string) =>
  t.request("/api/auth/request-password-reset", { json: { email, redirectTo: "/reset-password" }, ip: t.newIp() });
const reset = (token: string, newPassword = NEW_PASSWORD) =>
  t.request("/api/auth/reset-password", { json: { token, newPassword }, ip: t.newIp() });
const me = (cookie: string) => t.request("/api/me", { headers: { cookie } });

/** Follows the emailed link as a browser would; returns the token the reset screen receives. */
async function tokenFromLink(link: string): Promise<string> {
  const res = await t.request(pathOf(link));
  expect(res.status).toBe(302);
  const target = new URL(res.headers.get("location")!, "http://localhost:3000");
  expect(target.pathname).toBe("/reset-password");
  const token = target.searchParams.get("token");
  expect(token).toBeTruthy();
  return token!;
}

describe("forgot password", () => {
  test("answers the same for a known and an unknown address; only the account's owner gets a link", async () => {
    await confirmedClient(t, "known@example.com");
    const [known, unknown] = [await forgot("Known@Example.com"), await forgot("unknown@example.com")];
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect((await t.outbox("known@example.com")).filter((m) => m.kind === "reset-password")).toHaveLength(1);
    expect(await t.outbox("unknown@example.com")).toHaveLength(0);
  });
});

describe("reset password", () => {
  test("the link opens the reset screen; the new password works, other sessions end, the owner is told", async () => {
    await confirmedClient(t, "reset@example.com");
    const laptop = cookieFrom(await signIn(t, "reset@example.com"));
    const phone = cookieFrom(await signIn(t, "reset@example.com"));
    expect((await me(laptop)).status).toBe(200);

    expect((await forgot("reset@example.com")).status).toBe(200);
    const link = await latestLink(t, "reset@example.com", "reset-password");
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/reset-password\//);
    const token = await tokenFromLink(link);

    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });

    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await signIn(t, "reset@example.com", PASSWORD)).status).toBe(401);
    expect((await signIn(t, "reset@example.com", NEW_PASSWORD)).status).toBe(200);

    const changed = (await t.outbox("reset@example.com")).find((m) => m.kind === "password-changed");
    expect(changed).toMatchObject({ subject: "Your Cogwork password was changed" });
    expect(changed?.text).toContain("http://localhost:3000/secure-login");
  });

  test("the token works once: reused, the link lands on /link-expired and the POST is refused", async () => {
    await confirmedClient(t, "once@example.com");
    await forgot("once@example.com");
    const link = await latestLink(t, "once@example.com", "reset-password");
    const token = await tokenFromLink(link);
    expect((await reset(token)).status).toBe(200);

    const again = await t.request(pathOf(link));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/link-expired?link=reset&reason=invalid");

    const repost = await reset(token, "yet another passphrase");
    expect(repost.status).toBe(400);
    expect(await repost.json()).toMatchObject({ message: "Invalid token", code: "INVALID_TOKEN" });
    expect((await signIn(t, "once@example.com", NEW_PASSWORD)).status).toBe(200);
  });

  test("a forged or expired link lands on /link-expired", async () => {
    const forged = await t.request("/api/auth/reset-password/not-a-real-token?callbackURL=%2Freset-password");
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toBe("/link-expired?link=reset&reason=invalid");

    await confirmedClient(t, "slow@example.com");
    await forgot("slow@example.com");
    const link = await latestLink(t, "slow@example.com", "reset-password");
    const token = new URL(link).pathname.split("/").pop()!;
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const expired = await t.request(pathOf(link));
    expect(expired.status).toBe(302);
    // Better Auth does not tell an expired reset token from an unknown one.
    expect(expired.headers.get("location")).toMatch(/^\/link-expired\?link=reset&reason=(expired|invalid)$/);
    expect((await reset(token)).status).toBe(400);
    expect((await signIn(t, "slow@example.com", PASSWORD)).status).toBe(200);
  });

  test("the new password follows the sign-up rules", async () => {
    await confirmedClient(t, "rules@example.com");
    await forgot("rules@example.com");
    const token = await tokenFromLink(await latestLink(t, "rules@example.com", "reset-password"));
    const short = await reset(token, "short");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: "newPassword: String must contain at least 8 character(s)" });
    // A refused attempt does not spend the token.
    expect((await reset(token)).status).toBe(200);
  });
});
