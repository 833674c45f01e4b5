import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { passkey, session } from "../db/schema/auth";
import { securityEvent } from "../db/schema/security";
import { signIn } from "../test/auth-helpers";
import { enrolAuthenticator } from "../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../test/given";
import { softwarePasskey, type SoftwarePasskey } from "../test/software-passkey";
import { cookieFrom, createTestRuntime, TEST_ORIGIN, type TestRuntime } from "../test/test-runtime";
import { PASSKEY_SIGN_IN_REFUSED, SIGN_IN_WITH_PASSKEY_FIRST } from "./passkey-routes";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const withCookies = (...cookies: string[]) => ({ cookie: cookies.filter(Boolean).join("; ") });
const get = (path: string, cookie = "") =>
  t.request(`/api/auth${path}`, { ip: t.newIp(), headers: withCookies(cookie) });
const post = (path: string, json: unknown, cookie = "") =>
  t.request(`/api/auth${path}`, { ip: t.newIp(), json, headers: withCookies(cookie) });

interface RegistrationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string };
  excludeCredentials: { id: string }[];
  authenticatorSelection: { residentKey: string };
}

/** Adds a passkey as the account screen does: the options, the authenticator's answer, its name. */
async function addPasskey(cookie: string, key: SoftwarePasskey, name: string): Promise<Response> {
  const options = await get("/passkey/generate-register-options", cookie);
  expect(options.status).toBe(200);
  const challengeCookie = cookieFrom(options);
  const answer = key.register((await options.json()) as RegistrationOptions, TEST_ORIGIN);
  return post("/passkey/verify-registration", { response: answer, name }, withCookies(cookie, challengeCookie).cookie);
}

/** "Sign in with a passkey": no email, no password; the passkey's signature opens the session. */
async function passkeySignIn(key: SoftwarePasskey): Promise<Response> {
  const options = await get("/passkey/generate-authenticate-options");
  expect(options.status).toBe(200);
  const answer = key.signIn((await options.json()) as { challenge: string; rpId: string }, TEST_ORIGIN);
  return post("/passkey/verify-authentication", { response: answer }, cookieFrom(options));
}

const listed = async (cookie: string) =>
  (await (await get("/passkey/list-user-passkeys", cookie)).json()) as { id: string; name: string }[];

const eventsOf = (userId: string, type: "second_factor_added" | "second_factor_removed") =>
  t.db
    .select()
    .from(securityEvent)
    .where(and(eq(securityEvent.userId, userId), eq(securityEvent.type, type)));

describe("adding a passkey", () => {
  test("the options are for the app's host and ask for a discoverable credential; a signed-out caller gets none", async () => {
    const client = await givenClient(t, "options@example.com");
    const options = await get("/passkey/generate-register-options", client.cookie);
    expect(options.status).toBe(200);
    const body = (await options.json()) as RegistrationOptions;
    expect(body.rp).toEqual({ id: new URL(TEST_ORIGIN).hostname, name: "Cogwork" });
    expect(body.authenticatorSelection.residentKey).toBe("required");
    expect(body.challenge.length).toBeGreaterThan(20);
    expect((await get("/passkey/generate-register-options")).status).toBe(401);
  });

  test("a named passkey is listed, written to the security log and mailed; a second one excludes the first", async () => {
    const client = await givenClient(t, "adds@example.com");
    const key = softwarePasskey();
    const unnamed = await addPasskey(client.cookie, key, "   ");
    expect(unnamed.status).toBe(400);
    expect(await listed(client.cookie)).toEqual([]);

    const added = await addPasskey(client.cookie, key, "Work laptop");
    expect(added.status).toBe(200);
    expect((await listed(client.cookie)).map((p) => p.name)).toEqual(["Work laptop"]);
    expect(await eventsOf(client.userId, "second_factor_added")).toHaveLength(1);
    const mail = (await t.outbox("adds@example.com")).find((m) => m.kind === "second-factor-added");
    expect(mail?.text).toContain('A passkey ("Work laptop")');
    expect(mail?.text).toContain("If this was not you");

    const again = await get("/passkey/generate-register-options", client.cookie);
    const excluded = ((await again.json()) as RegistrationOptions).excludeCredentials.map((c) => c.id);
    expect(excluded).toEqual([key.credentialId]);
  });
});

describe("signing in with a passkey", () => {
  test("opens a session with no password and no code, even when the account has an authenticator app", async () => {
    const client = await enrolAuthenticator(t, await givenClient(t, "both@example.com"));
    const key = softwarePasskey();
    expect((await addPasskey(client.cookie, key, "Phone")).status).toBe(200);

    const signedIn = await passkeySignIn(key);
    expect(signedIn.status).toBe(200);
    const me = await t.request("/api/me", { headers: { cookie: cookieFrom(signedIn) } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe("both@example.com");
  });

  test("a passkey the server does not know, or a signature over another challenge, is refused and logged", async () => {
    const stranger = softwarePasskey();
    const unknown = await passkeySignIn(stranger);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ message: PASSKEY_SIGN_IN_REFUSED });

    const client = await givenClient(t, "forged@example.com");
    const key = softwarePasskey();
    expect((await addPasskey(client.cookie, key, "Laptop")).status).toBe(200);
    const options = await get("/passkey/generate-authenticate-options");
    const forged = key.signIn({ challenge: "c29tZXRoaW5nLWVsc2U", rpId: "localhost" }, TEST_ORIGIN);
    const refused = await post("/passkey/verify-authentication", { response: forged }, cookieFrom(options));
    expect(refused.status).toBe(401);
    // The security log is written beside the answer, not before it.
    const failures = () => t.db.select().from(securityEvent).where(eq(securityEvent.type, "second_factor_failed"));
    await expect.poll(async () => (await failures()).length).toBeGreaterThanOrEqual(2);
  });
});

describe("a passkey is both factors", () => {
  const staffUsers = (who: Caller, cookie = who.cookie) => t.request("/api/staff/users", { headers: { cookie } });

  test("staff with only a passkey reach the staff area through it, not with the password alone", async () => {
    const staff = await givenStaff(t, "passkey-staff@example.com", { secondFactor: false });
    expect((await staffUsers(staff)).status).toBe(403);
    const key = softwarePasskey();
    // The first factor is set up in the password's session, as an authenticator app is: that session passed it.
    expect((await addPasskey(staff.cookie, key, "Office key")).status).toBe(200);
    expect((await staffUsers(staff)).status).toBe(200);

    const byPassword = cookieFrom(await signIn(t, "passkey-staff@example.com"));
    const refused = await staffUsers(staff, byPassword);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
    // Nor can a password's session give itself another passkey.
    const another = await get("/passkey/generate-register-options", byPassword);
    expect(another.status).toBe(403);
    expect(await another.json()).toMatchObject({ message: SIGN_IN_WITH_PASSKEY_FIRST });

    const byPasskey = cookieFrom(await passkeySignIn(key));
    expect((await staffUsers(staff, byPasskey)).status).toBe(200);
  });

  test("view-as is refused to a staff session that has not passed its second factor", async () => {
    const staff = await givenStaff(t, "viewer@example.com", { secondFactor: false });
    const client = await givenClient(t, "viewed@example.com", "Viewed Ltd");
    const key = softwarePasskey();
    expect((await addPasskey(staff.cookie, key, "Viewer key")).status).toBe(200);
    const viewAs = (cookie: string) =>
      t.request(`/api/staff/companies/${client.companyId}/view-as`, { method: "POST", headers: { cookie } });

    const byPassword = cookieFrom(await signIn(t, "viewer@example.com"));
    const refused = await viewAs(byPassword);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
    const views = await t.db.select().from(session).where(eq(session.userId, staff.userId));
    expect(views.every((s) => s.viewingCompanyId === null)).toBe(true);

    expect((await viewAs(cookieFrom(await passkeySignIn(key)))).status).toBe(200);
  });
});

describe("removing a passkey", () => {
  test("another person's passkey is not found and stays; one's own goes, logged and mailed", async () => {
    const owner = await givenClient(t, "owner-of-key@example.com");
    const other = await givenClient(t, "other-person@example.com");
    expect((await addPasskey(owner.cookie, softwarePasskey(), "Desk")).status).toBe(200);
    const [mine] = await listed(owner.cookie);
    if (!mine) throw new Error("the passkey was not listed");

    const notTheirs = await post("/passkey/delete-passkey", { id: mine.id }, other.cookie);
    expect(notTheirs.status).toBe(404);
    expect(await t.db.select().from(passkey).where(eq(passkey.id, mine.id))).toHaveLength(1);
    expect((await post("/passkey/delete-passkey", { id: mine.id })).status).toBe(401);

    const removed = await post("/passkey/delete-passkey", { id: mine.id }, owner.cookie);
    expect(removed.status).toBe(200);
    expect(await listed(owner.cookie)).toEqual([]);
    expect(await eventsOf(owner.userId, "second_factor_removed")).toHaveLength(1);
    const mail = (await t.outbox("owner-of-key@example.com")).find((m) => m.kind === "second-factor-removed");
    expect(mail?.text).toContain('A passkey ("Desk") was just removed');
  });

  test("with the last passkey gone, a staff session opened by it no longer passes a second factor", async () => {
    const staff = await givenStaff(t, "last-key@example.com", { secondFactor: false });
    const key = softwarePasskey();
    expect((await addPasskey(staff.cookie, key, "Only key")).status).toBe(200);
    const byPasskey = cookieFrom(await passkeySignIn(key));
    const [only] = await listed(byPasskey);
    expect((await post("/passkey/delete-passkey", { id: only?.id }, byPasskey)).status).toBe(200);
    const sessions = await t.db.select().from(session).where(eq(session.userId, staff.userId));
    expect(sessions.every((s) => !s.passkeyVerified)).toBe(true);
    expect((await t.request("/api/staff/users", { headers: { cookie: byPasskey } })).status).toBe(403);
  });
});

describe("a staff reset", () => {
  test("removes the person's passkeys with the app, ends their sessions, and says so in the mail", async () => {
    const staff = await givenStaff(t, "resetter@example.com");
    const client = await givenClient(t, "lost-keys@example.com");
    const key = softwarePasskey();
    expect((await addPasskey(client.cookie, key, "Old phone")).status).toBe(200);
    const listedToStaff = async () => {
      const users = (await (await staff.request("/api/staff/users?q=lost-keys")).json()) as {
        users: { id: string; passkeys: number }[];
      };
      return users.users.find((u) => u.id === client.userId)?.passkeys;
    };
    expect(await listedToStaff()).toBe(1);

    const reset = await staff.request(`/api/staff/users/${client.userId}/reset-second-factor`, { method: "POST" });
    expect(reset.status).toBe(200);
    expect(await t.db.select().from(passkey).where(eq(passkey.userId, client.userId))).toEqual([]);
    expect(await listedToStaff()).toBe(0);
    expect((await passkeySignIn(key)).status).toBe(401);
    const mail = (await t.outbox("lost-keys@example.com")).find((m) => m.kind === "second-factor-reset");
    expect(mail?.text).toContain("(a passkey)");
  });
});
