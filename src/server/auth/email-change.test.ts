import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { user } from "../db/schema/auth";
import { confirmedClient, pathOf, signIn } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, latestLink, type TestRuntime } from "../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

const me = (cookie: string) => t.request("/api/me", { headers: { cookie } });
const emailOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!.email;
const follow = async (link: string) => {
  const res = await t.request(pathOf(link), { ip: t.newIp() });
  expect(res.status).toBe(302);
  return res.headers.get("location")!;
};

/** A signed-in client who asked to move their account from `from` to `to`. */
async function askToChange(from: string, to: string) {
  await confirmedClient(t, from);
  const { id } = (await t.db.select({ id: user.id }).from(user).where(eq(user.email, from)))[0]!;
  const cookie = cookieFrom(await signIn(t, from));
  const res = await t.request("/api/auth/change-email", {
    headers: { cookie },
    json: { newEmail: to, callbackURL: "/account" },
    ip: t.newIp(),
  });
  expect(res.status).toBe(200);
  return { id, cookie, confirmLink: await latestLink(t, to, "change-email") };
}

test("the old address is told of a change, and its link cancels it and signs the account out", async () => {
  const { id, cookie, confirmLink } = await askToChange("old@example.com", "new@example.com");
  const notice = (await t.outbox("old@example.com")).find((m) => m.kind === "email-change-notice");
  expect(notice?.text).toContain("to new@example.com");
  const undo = await latestLink(t, "old@example.com", "email-change-notice");
  expect(undo).toMatch(/\/api\/auth\/undo-email-change\?token=/);

  expect(await follow(undo)).toBe("/secure-login?mode=forgot");
  expect((await me(cookie)).status).toBe(401);
  expect(await follow(confirmLink)).toBe("/link-expired?link=confirm&reason=used");
  expect(await emailOf(id)).toBe("old@example.com");
  expect(await follow(undo)).toBe("/link-expired?link=confirm&reason=used");
});

test("left alone, the new address's link makes the change, and the old address's link is then spent", async () => {
  const { id, confirmLink } = await askToChange("before@example.com", "after@example.com");
  expect(await follow(confirmLink)).not.toContain("/link-expired");
  expect(await emailOf(id)).toBe("after@example.com");
  const undo = await latestLink(t, "before@example.com", "email-change-notice");
  expect(await follow(undo)).toBe("/link-expired?link=confirm&reason=used");
});

test("a password reset ends a pending email change", async () => {
  const { id, confirmLink } = await askToChange("moving@example.com", "moved@example.com");
  const forgot = await t.request("/api/auth/request-password-reset", {
    json: { email: "moving@example.com", redirectTo: "/reset-password" },
    ip: t.newIp(),
  });
  expect(forgot.status).toBe(200);
  const resetLink = await latestLink(t, "moving@example.com", "reset-password");
  const token = new URL(await follow(resetLink), "http://localhost:3000").searchParams.get("token")!;
  const reset = await t.request("/api/auth/reset-password", {
    json: { token, newPassword: "a brand new passphrase" },
    ip: t.newIp(),
  });
  expect(reset.status).toBe(200);
  expect(await follow(confirmLink)).toBe("/link-expired?link=confirm&reason=used");
  expect(await emailOf(id)).toBe("moving@example.com");
});
