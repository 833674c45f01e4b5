import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emailLink, rateLimit } from "../db/schema/auth";
import { confirmedClient, pathOf, signUp, userRow } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, latestLink, type TestRuntime } from "../test/test-runtime";

/** The confirmation email after sign-up: its link, and asking for it again. */

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

describe("confirmation link", () => {
  test("works once, signs in and lands on the site root, which is told the email is confirmed", async () => {
    await signUp(t, { email: "once@example.com", name: "Once" });
    const link = pathOf(await latestLink(t, "once@example.com", "confirm-email"));

    const first = await t.request(link);
    expect(first.status).toBe(302);
    // The site root, marked so that the page says the address is confirmed.
    expect(first.headers.get("location")).toBe("/?email-confirmed=1");
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
    expect(last.headers.get("location")).toBe("/?email-confirmed=1");
    expect((await t.request(pathOf(links[1]!))).headers.get("location")).toBe("/link-expired?link=confirm&reason=used");
  });

  test("two clicks at once: one signs in, the other is told the link was used", async () => {
    await signUp(t, { email: "race@example.com" });
    const link = pathOf(await latestLink(t, "race@example.com", "confirm-email"));
    const answers = await Promise.all([t.request(link), t.request(link)]);
    expect(answers.map((r) => r.headers.get("location")).sort()).toEqual([
      "/?email-confirmed=1",
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

    expect((await t.request(firstLink)).headers.get("location")).toBe("/?email-confirmed=1");
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

describe("a confirmation link with a callbackURL that is refused", () => {
  test("is answered with the refusal and stays good for the link as mailed", async () => {
    await signUp(t, { email: "foreign-callback@example.com" });
    const link = new URL(await latestLink(t, "foreign-callback@example.com", "confirm-email"));
    const tampered = new URL(link);
    tampered.searchParams.set("callbackURL", "https://evil.example/");

    const refused = await t.request(pathOf(tampered.href));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/callbackURL/) });
    expect(cookieFrom(refused)).toBe("");

    const mailed = await t.request(pathOf(link.href));
    expect(mailed.status).toBe(302);
    expect(mailed.headers.get("location")).toBe("/?email-confirmed=1");
  });
});
