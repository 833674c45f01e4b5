import { and, eq } from "drizzle-orm";
import { URI, type TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { securityEvent } from "../db/schema/security";
import { declaredEndpoints } from "../http/declared-endpoints";
import { PASSWORD, pathOf, signIn, userRow } from "../test/auth-helpers";
import { enrolAuthenticator, unusedCode, type SignedIn } from "../test/fixtures";
import { givenClient, givenStaff } from "../test/given";
import { cookieFrom, createTestRuntime, latestLink, type TestRuntime } from "../test/test-runtime";
import { WRONG_CODE_MESSAGE } from "./two-factor-routes";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const post = (path: string, json: unknown, cookie = "") =>
  t.request(`/api/auth${path}`, { ip: t.newIp(), json, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => t.request("/api/me", { headers: { cookie } });

/** A sign-in with the password: the answer, and the cookie that carries its pending second step. */
async function passwordStep(email: string) {
  const res = await signIn(t, email);
  expect(res.status).toBe(200);
  return { body: (await res.json()) as Record<string, unknown>, cookie: cookieFrom(res) };
}

async function enrolledClient(email: string): Promise<SignedIn & { totp: TOTP; recoveryCodes: string[] }> {
  const enrolled = await enrolAuthenticator(t, await givenClient(t, email));
  return enrolled as SignedIn & { totp: TOTP; recoveryCodes: string[] };
}

const eventsOf = (userId: string, type: "second_factor_added" | "second_factor_removed" | "second_factor_failed") =>
  t.db
    .select()
    .from(securityEvent)
    .where(and(eq(securityEvent.userId, userId), eq(securityEvent.type, type)));

describe("setting up an authenticator app", () => {
  test("the password gives a secret and ten recovery codes; the app is on only once a current code confirms it", async () => {
    const client = await givenClient(t, "enrol@example.com");
    expect((await post("/two-factor/enable", { password: "not my password" }, client.cookie)).status).toBe(400);
    const enabled = await post("/two-factor/enable", { password: PASSWORD }, client.cookie);
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Cogwork:enrol%40example\.com\?.*secret=/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    expect((await userRow(t, "enrol@example.com"))?.twoFactorEnabled).toBe(false);

    const totp = URI.parse(totpURI) as TOTP;
    const wrong = await post("/two-factor/verify-totp", { code: wrongCodeFor(totp) }, client.cookie);
    expect(wrong.status).toBe(401);
    expect((await userRow(t, "enrol@example.com"))?.twoFactorEnabled).toBe(false);

    const confirmed = await post("/two-factor/verify-totp", { code: unusedCode(totp) }, client.cookie);
    expect(confirmed.status).toBe(200);
    expect((await userRow(t, "enrol@example.com"))?.twoFactorEnabled).toBe(true);
    expect((await me(cookieFrom(confirmed))).status).toBe(200);
    const mail = (await t.outbox("enrol@example.com")).find((m) => m.kind === "second-factor-added");
    expect(mail?.text).toContain("If this was not you");
    expect(await eventsOf(client.userId, "second_factor_added")).toHaveLength(1);
  });
});

describe("signing in with a second factor", () => {
  test("the password alone opens no session: a current code does, and that code works once", async () => {
    const client = await enrolledClient("code@example.com");
    const first = await passwordStep("code@example.com");
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(first.cookie).not.toMatch(/session_token=/);
    expect((await me(first.cookie)).status).toBe(401);

    const code = unusedCode(client.totp);
    const verified = await post("/two-factor/verify-totp", { code }, first.cookie);
    expect(verified.status).toBe(200);
    expect((await me(cookieFrom(verified))).status).toBe(200);

    const second = await passwordStep("code@example.com");
    const replayed = await post("/two-factor/verify-totp", { code }, second.cookie);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ message: WRONG_CODE_MESSAGE });
    expect((await post("/two-factor/verify-totp", { code: unusedCode(client.totp) }, second.cookie)).status).toBe(200);
  });

  test("a recovery code signs in once; a second use is refused with the same words as a wrong code", async () => {
    const client = await enrolledClient("recovery@example.com");
    const [recovery] = client.recoveryCodes;
    const first = await passwordStep("recovery@example.com");
    const used = await post("/two-factor/verify-backup-code", { code: recovery }, first.cookie);
    expect(used.status).toBe(200);
    expect((await me(cookieFrom(used))).status).toBe(200);

    const again = await passwordStep("recovery@example.com");
    const reused = await post("/two-factor/verify-backup-code", { code: recovery }, again.cookie);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ message: WRONG_CODE_MESSAGE });
  });

  test("five wrong codes void the sign-in, each refused alike and logged; a right code then does not help", async () => {
    const client = await enrolledClient("guess@example.com");
    const attempt = await passwordStep("guess@example.com");
    const messages = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const wrong = await post("/two-factor/verify-totp", { code: wrongCodeFor(client.totp, i) }, attempt.cookie);
      expect(wrong.status).toBe(401);
      messages.add(((await wrong.json()) as { message: string }).message);
    }
    expect([...messages]).toEqual([WRONG_CODE_MESSAGE]);
    const late = await post("/two-factor/verify-totp", { code: unusedCode(client.totp) }, attempt.cookie);
    expect(late.status).toBe(401);
    expect(((await late.json()) as { message: string }).message).toMatch(/Sign in again with your password/);
    const logged = await eventsOf(client.userId, "second_factor_failed");
    expect(logged.reduce((sum, row) => sum + row.count, 0)).toBe(5);

    // A new sign-in with the password starts a new attempt.
    const fresh = await passwordStep("guess@example.com");
    expect((await post("/two-factor/verify-totp", { code: unusedCode(client.totp) }, fresh.cookie)).status).toBe(200);
  });

  test("a trusted browser skips the second step at its next sign-in", async () => {
    const client = await enrolledClient("trust@example.com");
    const first = await passwordStep("trust@example.com");
    const verified = await post(
      "/two-factor/verify-totp",
      { code: unusedCode(client.totp), trustDevice: true },
      first.cookie,
    );
    expect(verified.status).toBe(200);
    const trust = verified.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.includes("trust_device="));
    expect(trust).toBeDefined();
    const trusted = await t.request("/api/auth/sign-in/email", {
      ip: t.newIp(),
      json: { email: "trust@example.com", password: PASSWORD },
      headers: { cookie: trust! },
    });
    expect(((await trusted.json()) as { user?: unknown }).user).toBeDefined();
    expect((await me(cookieFrom(trusted))).status).toBe(200);
  });
});

describe("recovery codes and turning the app off", () => {
  test("new recovery codes replace the old ones, which stop working", async () => {
    const client = await enrolledClient("renew@example.com");
    const renewed = await post("/two-factor/generate-backup-codes", { password: PASSWORD }, client.cookie);
    expect(renewed.status).toBe(200);
    const { backupCodes } = (await renewed.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    const attempt = await passwordStep("renew@example.com");
    expect(
      (await post("/two-factor/verify-backup-code", { code: client.recoveryCodes[0] }, attempt.cookie)).status,
    ).toBe(401);
    expect((await post("/two-factor/verify-backup-code", { code: backupCodes[0] }, attempt.cookie)).status).toBe(200);
  });

  test("turning the app off takes the password and a current code; the person is mailed", async () => {
    const client = await enrolledClient("off@example.com");
    const noCode = await post("/two-factor/disable", { password: PASSWORD }, client.cookie);
    expect(noCode.status).toBe(400);
    const wrongCode = await post(
      "/two-factor/disable",
      { password: PASSWORD, code: wrongCodeFor(client.totp) },
      client.cookie,
    );
    expect(wrongCode.status).toBe(401);
    const wrongPassword = await post(
      "/two-factor/disable",
      { password: "not my password", code: unusedCode(client.totp) },
      client.cookie,
    );
    expect(wrongPassword.status).toBe(400);
    expect((await userRow(t, "off@example.com"))?.twoFactorEnabled).toBe(true);

    const off = await post("/two-factor/disable", { password: PASSWORD, code: unusedCode(client.totp) }, client.cookie);
    expect(off.status).toBe(200);
    expect((await userRow(t, "off@example.com"))?.twoFactorEnabled).toBe(false);
    const mail = (await t.outbox("off@example.com")).find((m) => m.kind === "second-factor-removed");
    expect(mail?.text).toContain("If this was not you");
    expect(await eventsOf(client.userId, "second_factor_removed")).toHaveLength(1);
    const plain = await passwordStep("off@example.com");
    expect(plain.cookie).toMatch(/session_token=/);
  });
});

describe("staff resetting a second factor", () => {
  test("staff see who has one, and reset it: the app goes, sessions end, the person is mailed, it is audited", async () => {
    const staff = await givenStaff(t, "resetter@agency.test");
    const client = await enrolledClient("lost-phone@example.com");
    const listed = await staff.request("/api/staff/users?q=lost-phone");
    expect(((await listed.json()) as { users: { twoFactorEnabled: boolean }[] }).users).toMatchObject([
      { twoFactorEnabled: true },
    ]);
    const reset = await staff.request(`/api/staff/users/${client.userId}/reset-second-factor`, { method: "POST" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ user: { email: "lost-phone@example.com", twoFactorEnabled: false } });
    expect((await me(client.cookie)).status).toBe(401);
    const plain = await passwordStep("lost-phone@example.com");
    expect(plain.cookie).toMatch(/session_token=/);
    const mail = (await t.outbox("lost-phone@example.com")).find((m) => m.kind === "second-factor-reset");
    expect(mail?.text).toContain("If this was not you");
    const audited = await staff.request("/api/staff/audit-log");
    expect(JSON.stringify(await audited.json())).toContain("Reset the second factor of lost-phone@example.com");

    const again = await staff.request(`/api/staff/users/${client.userId}/reset-second-factor`, { method: "POST" });
    expect(again.status).toBe(409);
    const own = await staff.request(`/api/staff/users/${staff.userId}/reset-second-factor`, { method: "POST" });
    expect(own.status).toBe(403);
  });
});

describe("a password reset", () => {
  test("keeps the second factor: signing in with the new password still asks for a code", async () => {
    const client = await enrolledClient("forgot-but-has-app@example.com");
    const asked = await t.request("/api/auth/request-password-reset", {
      ip: t.newIp(),
      json: { email: "forgot-but-has-app@example.com", redirectTo: "/reset-password" },
    });
    expect(asked.status).toBe(200);
    const opened = await t.request(pathOf(await latestLink(t, "forgot-but-has-app@example.com", "reset-password")));
    const token = new URL(opened.headers.get("location")!, "http://localhost:3000").searchParams.get("token");
    const newPassword = "another long passphrase";
    const reset = await post("/reset-password", { token, newPassword });
    expect(reset.status).toBe(200);

    expect((await userRow(t, "forgot-but-has-app@example.com"))?.twoFactorEnabled).toBe(true);
    const first = await signIn(t, "forgot-but-has-app@example.com", newPassword);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    expect(cookieFrom(first)).not.toMatch(/session_token=/);
    const verified = await post("/two-factor/verify-totp", { code: unusedCode(client.totp) }, cookieFrom(first));
    expect(verified.status).toBe(200);
  });
});

describe("the staff policy", () => {
  test("every /api/staff and /api/admin endpoint answers 403 SECOND_FACTOR_REQUIRED to staff without a second factor", async () => {
    const endpoints = declaredEndpoints(await (await t.request("/api/docs/openapi.json")).json()).filter((e) =>
      /^\/api\/(staff|admin)\//.test(e.path),
    );
    expect(endpoints.length).toBeGreaterThan(20);
    const without = await givenStaff(t, "no-factor@agency.test", { secondFactor: false });
    const withFactor = await givenStaff(t, "factor@agency.test");
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
      const init = { method: endpoint.method, ...(endpoint.hasBody ? { json: endpoint.bodyExample ?? {} } : {}) };
      const refused = await without.request(path, init);
      expect(refused.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect(await refused.json(), `${endpoint.method} ${endpoint.path}`).toMatchObject({
        code: "SECOND_FACTOR_REQUIRED",
      });
      const allowed = await withFactor.request(path, init);
      expect(allowed.status, `${endpoint.method} ${endpoint.path} with a second factor`).not.toBe(403);
    }
  }, 120_000);

  test("staff without a factor cannot read clients through the member endpoints either, but can reach their account", async () => {
    const without = await givenStaff(t, "member-side@agency.test", { secondFactor: false });
    const client = await givenClient(t, "member-side@client.test", "Member Side");
    for (const path of ["/api/dashboard", "/api/automations", "/api/tickets"]) {
      const refused = await without.request(path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
    }
    expect((await without.request("/api/me")).status).toBe(200);
    // A client's own account does not need one (unless the company asks for it).
    expect((await client.request("/api/automations")).status).toBe(200);
  });
});

/** A six-digit code this app does not show now, nor in the steps either side. */
function wrongCodeFor(totp: TOTP, salt = 0): string {
  const near = [-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 }));
  for (let n = 123_456 + salt * 7919; ; n = (n + 1) % 1_000_000) {
    const code = String(n).padStart(6, "0");
    if (!near.includes(code)) return code;
  }
}
