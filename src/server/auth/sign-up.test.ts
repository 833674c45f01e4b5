import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emailLink, user } from "../db/schema/auth";
import { rateLimit } from "../db/schema/auth";
import { company, companyMember } from "../db/schema/companies";
import { PASSWORD, confirmedClient, pathOf, shape, signIn, signUp, userRow } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, latestLink, type TestRuntime } from "../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

async function companiesOf(email: string) {
  return t.db
    .select({ name: company.name, role: companyMember.role, status: company.status })
    .from(companyMember)
    .innerJoin(company, eq(company.id, companyMember.companyId))
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(eq(user.email, email));
}

const mailKinds = async (email: string) => (await t.outbox(email)).map((m) => m.kind).sort();

describe("sign up", () => {
  test("creates an unconfirmed client with a lower-cased email, tags stripped, and a company they own", async () => {
    const res = await signUp(t, {
      email: "  Ann.Smith@Acme.IO ",
      name: "<b>Ann</b> <i>Smith</i>",
      company: "Acme <script>x</script>Ltd",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: unknown; user: Record<string, unknown> };
    expect(body.token).toBeNull();
    expect(body.user).toMatchObject({
      email: "ann.smith@acme.io",
      name: "Ann Smith",
      emailVerified: false,
      role: "client",
    });
    expect(res.headers.getSetCookie()).toEqual([]);

    const row = await userRow(t, "ann.smith@acme.io");
    expect(row).toMatchObject({ name: "Ann Smith", emailVerified: false, role: "client" });
    expect(await companiesOf("ann.smith@acme.io")).toEqual([{ name: "Acme xLtd", role: "owner", status: "trial" }]);
    expect(await mailKinds("ann.smith@acme.io")).toEqual(["confirm-email"]);
    expect(await latestLink(t, "ann.smith@acme.io", "confirm-email")).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/,
    );
  });

  test("names the company after the email domain when none is given", async () => {
    expect((await signUp(t, { email: "ops@acme-corp.com", name: "Ops" })).status).toBe(200);
    expect((await signUp(t, { email: "jane.doe@gmail.com", name: "Jane", company: "  " })).status).toBe(200);
    expect(await companiesOf("ops@acme-corp.com")).toEqual([
      expect.objectContaining({ name: "Acme Corp", role: "owner" }),
    ]);
    expect(await companiesOf("jane.doe@gmail.com")).toEqual([
      expect.objectContaining({ name: "Jane Doe", role: "owner" }),
    ]);
  });

  test("name and company are optional", async () => {
    const res = await signUp(t, { email: "bare@example.org" });
    expect(res.status).toBe(200);
    expect(await userRow(t, "bare@example.org")).toMatchObject({ name: "" });
    expect(await companiesOf("bare@example.org")).toEqual([
      expect.objectContaining({ name: "Example", role: "owner" }),
    ]);
  });

  test("cannot make a staff account or a confirmed one", async () => {
    const asStaff = await signUp(t, { email: "sneaky@example.org", role: "admin" });
    expect(asStaff.status).toBe(400);
    expect(await asStaff.json()).toMatchObject({ message: expect.any(String) });
    expect(await userRow(t, "sneaky@example.org")).toBeUndefined();

    expect((await signUp(t, { email: "sneaky2@example.org", emailVerified: true })).status).toBe(200);
    expect(await userRow(t, "sneaky2@example.org")).toMatchObject({ emailVerified: false, role: "client" });
  });

  test("an address that already has an account gets the same answer, and its owner an email", async () => {
    const fresh = await signUp(t, { email: "taken@example.net", name: "Tess", company: "Taken Inc" });
    const again = await signUp(t, {
      email: "TAKEN@example.net",
      name: "Tess",
      company: "Taken Inc",
      password: "another password",
    });
    expect(again.status).toBe(fresh.status);
    expect([...again.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    const [a, b] = [
      (await fresh.json()) as { user: Record<string, unknown> },
      (await again.json()) as { user: Record<string, unknown> },
    ];
    expect(shape(b)).toEqual(shape(a));
    const comparable = ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;
    expect(comparable(b.user)).toEqual(comparable(a.user));
    expect(b.user.id).not.toBe(a.user.id);

    expect(await mailKinds("taken@example.net")).toEqual(["confirm-email", "existing-account"]);
    const existing = (await t.outbox("taken@example.net")).find((m) => m.kind === "existing-account");
    expect(existing?.text).toContain("http://localhost:3000/secure-login");
    // Nothing about the account changed: one user, one company, the first password.
    expect(await t.db.select().from(user).where(eq(user.email, "taken@example.net"))).toHaveLength(1);
    expect(await companiesOf("taken@example.net")).toHaveLength(1);
    await t.request(pathOf(await latestLink(t, "taken@example.net", "confirm-email")));
    expect((await signIn(t, "taken@example.net", "another password")).status).toBe(401);
    expect((await signIn(t, "taken@example.net", PASSWORD)).status).toBe(200);
  });

  test("a confirmed account signing up again is told by email too", async () => {
    await confirmedClient(t, "confirmed@example.net");
    const res = await signUp(t, { email: "confirmed@example.net", name: "Test Client" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      token: null,
      user: { email: "confirmed@example.net", emailVerified: false, role: "client" },
    });
    expect(await mailKinds("confirmed@example.net")).toEqual(["confirm-email", "existing-account"]);
  });
});

describe("confirmation link", () => {
  test("works once, signs in and lands on the site root", async () => {
    await signUp(t, { email: "once@example.com", name: "Once" });
    const link = pathOf(await latestLink(t, "once@example.com", "confirm-email"));

    const first = await t.request(link);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/");
    const cookie = cookieFrom(first);
    expect(cookie).toMatch(/session_token=/);
    expect(first.headers.getSetCookie().join(";")).toMatch(/HttpOnly/i);
    const me = await t.request("/api/me", { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: "once@example.com", emailVerified: true, role: "client" },
      company: { role: "owner" },
    });

    const replay = await t.request(link);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/link-expired?link=confirm&reason=used");
    expect(cookieFrom(replay)).toBe("");
  });

  test("asking again right after sign-up: the newest link works once, the other is spent", async () => {
    await signUp(t, { email: "quick@example.com" });
    const resend = await t.request("/api/auth/send-verification-email", {
      json: { email: "quick@example.com" },
      ip: t.newIp(),
    });
    expect(resend.status).toBe(200);
    const links = (await t.outbox("quick@example.com")).map((m) => m.text.match(/https?:\/\/\S+/)?.[0]);
    expect(links).toHaveLength(2);
    const last = await t.request(pathOf(links[0]!));
    expect(last.headers.get("location")).toBe("/");
    expect((await t.request(pathOf(links[1]!))).headers.get("location")).toBe("/link-expired?link=confirm&reason=used");
  });

  test("two clicks at once: one signs in, the other is told the link was used", async () => {
    await signUp(t, { email: "race@example.com" });
    const link = pathOf(await latestLink(t, "race@example.com", "confirm-email"));
    const answers = await Promise.all([t.request(link), t.request(link)]);
    expect(answers.map((r) => r.headers.get("location")).sort()).toEqual([
      "/",
      "/link-expired?link=confirm&reason=used",
    ]);
  });

  test.each([
    ["a made-up token", "/api/auth/verify-email?token=not-a-real-token"],
    ["no token", "/api/auth/verify-email"],
    ["an empty token", "/api/auth/verify-email?token="],
  ])("%s lands on /link-expired as invalid", async (_label, path) => {
    const res = await t.request(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/link-expired?link=confirm&reason=invalid");
  });

  test("a tampered token is invalid and confirms nobody", async () => {
    await signUp(t, { email: "tamper@example.com" });
    const link = new URL(await latestLink(t, "tamper@example.com", "confirm-email"));
    const token = link.searchParams.get("token")!;
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, email: "victim@example.com" })).toString("base64url");
    for (const forged of [
      `${header}.${forgedPayload}.${signature}`,
      token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA"),
    ]) {
      const res = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(forged)}&callbackURL=%2F`);
      expect(res.headers.get("location")).toBe("/link-expired?link=confirm&reason=invalid");
      expect(cookieFrom(res)).toBe("");
    }
    expect(await userRow(t, "tamper@example.com")).toMatchObject({ emailVerified: false });
  });

  test("an expired link lands on /link-expired as expired and confirms nobody", async () => {
    await signUp(t, { email: "late@example.com" });
    const link = pathOf(await latestLink(t, "late@example.com", "confirm-email"));
    const row = await userRow(t, "late@example.com");
    await t.db
      .update(emailLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailLink.userId, row!.id));
    const res = await t.request(link);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/link-expired?link=confirm&reason=expired");
    expect(cookieFrom(res)).toBe("");
    expect(await userRow(t, "late@example.com")).toMatchObject({ emailVerified: false });
  });

  test("using one link spends the user's other confirmation links", async () => {
    await signUp(t, { email: "twice@example.com" });
    const firstLink = pathOf(await latestLink(t, "twice@example.com", "confirm-email"));
    // Tokens carry their time in whole seconds: a link made in the same second is the same link.
    await new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
    expect(
      (await t.request("/api/auth/send-verification-email", { json: { email: "twice@example.com" }, ip: t.newIp() }))
        .status,
    ).toBe(200);
    const secondLink = pathOf(await latestLink(t, "twice@example.com", "confirm-email"));
    expect(secondLink).not.toBe(firstLink);

    expect((await t.request(firstLink)).headers.get("location")).toBe("/");
    const second = await t.request(secondLink);
    expect(second.headers.get("location")).toBe("/link-expired?link=confirm&reason=used");
    expect(cookieFrom(second)).toBe("");
  });
});

describe("resend confirmation", () => {
  const resend = (email: string) =>
    t.request("/api/auth/send-verification-email", { json: { email, callbackURL: "/" }, ip: t.newIp() });

  test("answers the same for an unknown, an unconfirmed and a confirmed address", async () => {
    await signUp(t, { email: "pending@example.com" });
    await confirmedClient(t, "done@example.com");
    const before = {
      pending: (await t.outbox("pending@example.com")).length,
      done: (await t.outbox("done@example.com")).length,
    };

    const answers = await Promise.all(["nobody@example.com", "pending@example.com", "done@example.com"].map(resend));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);

    expect(await t.outbox("nobody@example.com")).toHaveLength(0);
    expect((await t.outbox("pending@example.com")).length).toBe(before.pending + 1);
    expect((await t.outbox("done@example.com")).length).toBe(before.done);
  });

  test("a second request for one address within 60 s answers 429 with the seconds to wait", async () => {
    for (const email of ["cool@example.com", "unknown-cool@example.com"]) {
      if (email === "cool@example.com") await signUp(t, { email });
      expect((await resend(email)).status).toBe(200);
      const again = await resend(email.toUpperCase());
      expect(again.status).toBe(429);
      const body = (await again.json()) as { retryAfter: number; message: string; code: string };
      expect(body.code).toBe("RATE_LIMITED");
      expect(body.retryAfter).toBeGreaterThanOrEqual(59);
      expect(body.retryAfter).toBeLessThanOrEqual(60);
      expect(again.headers.get("retry-after")).toBe(String(body.retryAfter));
      expect(body.message).toMatch(/wait \d+ seconds/);
    }
    // Another address is not held up.
    expect((await resend("someone-else@example.com")).status).toBe(200);
  });

  test("the cooldown ends after 60 s", async () => {
    await signUp(t, { email: "patient@example.com" });
    expect((await resend("patient@example.com")).status).toBe(200);
    expect((await resend("patient@example.com")).status).toBe(429);
    await t.db
      .update(rateLimit)
      .set({ lastRequest: Date.now() - 61_000 })
      .where(eq(rateLimit.key, "resend-confirmation:patient@example.com"));
    expect((await resend("patient@example.com")).status).toBe(200);
  });
});
