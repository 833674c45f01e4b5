import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SESSION_CHANGE_POLL_MS } from "../../auth/session-cache";
import { generatePassword } from "../../auth/staff-account";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import { PASSWORD, confirmedClient, signIn, signUp, userRow } from "../../test/auth-helpers";
import { setUpAuthenticator, type AuthPost } from "../../test/authenticator";
import { afterMs } from "../../test/clock";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { CreateAdminInputError, createOrPromoteAdmin, parseCreateAdminInput } from "./create-admin.service";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const overview = (cookie: string) => t.request("/api/admin/overview", { headers: { cookie } });

/** The staff area asks a new staff member for a second factor first, and opens once it is set up (ADR 0027). */
async function expectStaffAreaAfterSecondFactor(cookie: string, password: string) {
  const asked = await overview(cookie);
  expect(asked.status).toBe(403);
  expect(await asked.json()).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
  const post: AuthPost = (path, json, withCookie) =>
    t.request(`/api/auth${path}`, { ip: t.newIp(), json, headers: { cookie: withCookie } });
  const enrolled = await setUpAuthenticator(post, cookie, password);
  expect((await overview(enrolled.cookie)).status).toBe(200);
}

describe("parseCreateAdminInput", () => {
  test("cleans the input with the shared field rules", () => {
    expect(parseCreateAdminInput({ email: " Boss@Cogwork.TEST ", name: " <b>Big</b> Boss " })).toEqual({
      email: "boss@cogwork.test",
      name: "Big Boss",
    });
    expect(parseCreateAdminInput({ email: "boss@cogwork.test" })).toEqual({
      email: "boss@cogwork.test",
      name: undefined,
    });
  });

  test.each([
    [{ email: undefined }, "email: Required"],
    [{ email: "" }, "email: Required"],
    [{ email: "not-an-email" }, "email: Invalid email"],
    [{ email: "boss@cogwork.test", name: "x".repeat(256) }, "name: String must contain at most 255 character(s)"],
  ])("refuses %j with a readable message", (input, message) => {
    expect(() => parseCreateAdminInput(input)).toThrow(CreateAdminInputError);
    expect(() => parseCreateAdminInput(input)).toThrow(message);
  });

  test("generated passwords are long, random and within the password rules", () => {
    const passwords = new Set(Array.from({ length: 50 }, generatePassword));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe("createOrPromoteAdmin", () => {
  test("creates a confirmed staff account whose printed password signs in", async () => {
    const result = await createOrPromoteAdmin(t.context(), { email: "New.Boss@Cogwork.test", name: "New <i>Boss</i>" });
    expect(result).toMatchObject({
      outcome: "created",
      email: "new.boss@cogwork.test",
      name: "New Boss",
      password: expect.any(String),
    });
    expect(await userRow(t, "new.boss@cogwork.test")).toMatchObject({
      role: "admin",
      emailVerified: true,
      name: "New Boss",
    });
    // Staff belong to no client company.
    const row = await userRow(t, "new.boss@cogwork.test");
    expect(await t.db.select().from(companyMember).where(eq(companyMember.userId, row!.id))).toEqual([]);

    const password = result.outcome === "created" ? result.password : "";
    const res = await signIn(t, "new.boss@cogwork.test", password);
    expect(res.status).toBe(200);
    // No mail goes out for it (setting up the app below sends its own notice).
    expect(await t.outbox("new.boss@cogwork.test")).toEqual([]);
    await expectStaffAreaAfterSecondFactor(cookieFrom(res), password);
  });

  test("without a name the account has an empty one", async () => {
    const result = await createOrPromoteAdmin(t.context(), { email: "nameless@cogwork.test" });
    expect(result).toMatchObject({ outcome: "created", name: "" });
  });

  test("promotes a confirmed client, who keeps their password and sessions", async () => {
    const cookie = await confirmedClient(t, "promote-me@example.com");
    expect((await overview(cookie)).status).toBe(403);

    const result = await createOrPromoteAdmin(t.context(), { email: "PROMOTE-ME@example.com" });
    expect(result).toEqual({
      outcome: "promoted",
      userId: expect.any(String),
      email: "promote-me@example.com",
      name: "Test Client",
    });
    expect("password" in result).toBe(false);
    expect(await userRow(t, "promote-me@example.com")).toMatchObject({ role: "admin" });
    // The command runs outside the server: the running instance sees the new role within its polling interval.
    const asked = await afterMs(SESSION_CHANGE_POLL_MS, () => overview(cookie));
    expect(await asked.json()).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
    const res = await signIn(t, "promote-me@example.com", PASSWORD);
    expect(res.status).toBe(200);
    await expectStaffAreaAfterSecondFactor(cookieFrom(res), PASSWORD);
  });

  test("promotes an unconfirmed account only with a new password, ending its sessions", async () => {
    await signUp(t, { email: "squatter@example.com", name: "Squatter" });
    const result = await createOrPromoteAdmin(t.context(), { email: "squatter@example.com", name: "Real Owner" });
    expect(result).toMatchObject({
      outcome: "promoted-with-new-password",
      email: "squatter@example.com",
      name: "Real Owner",
      password: expect.any(String),
    });
    expect(await userRow(t, "squatter@example.com")).toMatchObject({
      role: "admin",
      emailVerified: true,
      name: "Real Owner",
    });
    // The password chosen at sign-up, by someone who never proved the address, no longer works.
    expect((await signIn(t, "squatter@example.com", PASSWORD)).status).toBe(401);
    const password = result.outcome === "promoted-with-new-password" ? result.password : "";
    const res = await signIn(t, "squatter@example.com", password);
    expect(res.status).toBe(200);
    await expectStaffAreaAfterSecondFactor(cookieFrom(res), password);
  });

  test("an existing admin is left as is", async () => {
    const first = await createOrPromoteAdmin(t.context(), { email: "twice@cogwork.test", name: "Twice" });
    const second = await createOrPromoteAdmin(t.context(), { email: "twice@cogwork.test" });
    expect(second).toEqual({
      outcome: "already-admin",
      userId: first.userId,
      email: "twice@cogwork.test",
      name: "Twice",
    });
    expect(await t.db.select().from(user).where(eq(user.email, "twice@cogwork.test"))).toHaveLength(1);
    const password = first.outcome === "created" ? first.password : "";
    expect((await signIn(t, "twice@cogwork.test", password)).status).toBe(200);
  });

  test("bad input creates nothing", async () => {
    const before = await t.db.select().from(user);
    await expect(createOrPromoteAdmin(t.context(), { email: "nope" })).rejects.toThrow("email: Invalid email");
    expect(await t.db.select().from(user)).toHaveLength(before.length);
  });
});
