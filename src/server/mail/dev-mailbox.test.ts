import { afterAll, describe, expect, test } from "vitest";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";

const runtimes: TestRuntime[] = [];
async function runtime(env: Record<string, string> = {}) {
  const t = await createTestRuntime(env);
  runtimes.push(t);
  return t;
}
afterAll(() => Promise.all(runtimes.map((t) => t.close())));

const mailbox = (t: TestRuntime, ip: string, headers: Record<string, string> = {}) =>
  t.request("/dev/mailbox/messages", { ip, headers });

describe("the dev mailbox", () => {
  test("is served to this machine only: a client on the network is refused, however it dresses up", async () => {
    const t = await runtime();
    expect((await mailbox(t, "127.0.0.1")).status).toBe(200);
    expect((await mailbox(t, "::1")).status).toBe(200);
    expect((await t.request("/dev/mailbox", { ip: "::ffff:127.0.0.1" })).status).toBe(200);

    const remote = await mailbox(t, "192.168.1.20");
    expect(remote.status).toBe(403);
    expect(await remote.json()).toEqual({ message: expect.stringMatching(/only .*this machine/i) });
    expect((await t.request("/dev/mailbox", { ip: "192.168.1.20" })).status).toBe(403);
    // Forwarding headers never grant access; from a local proxy they show the real client.
    expect((await mailbox(t, "192.168.1.20", { "x-forwarded-for": "127.0.0.1" })).status).toBe(403);
    expect((await mailbox(t, "127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).status).toBe(403);
    expect((await mailbox(t, "127.0.0.1", { forwarded: "for=203.0.113.9" })).status).toBe(403);
    expect((await mailbox(t, "127.0.0.1", { "x-real-ip": "203.0.113.9" })).status).toBe(403);
  });

  test("behind a trusted proxy on this machine, the forwarded client must be on this machine too", async () => {
    const t = await runtime({ TRUSTED_PROXIES: "127.0.0.1" });
    expect((await mailbox(t, "127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).status).toBe(403);
    expect((await mailbox(t, "127.0.0.1", { "x-forwarded-for": "127.0.0.1" })).status).toBe(200);
    expect((await mailbox(t, "127.0.0.1")).status).toBe(200);
  });

  test("is never kept by a browser or proxy: its messages carry reset and sign-in links", async () => {
    const t = await runtime();
    for (const page of ["/dev/mailbox", "/dev/mailbox/messages", "/dev/mailbox/messages?to=someone%40example.com"]) {
      const response = await t.request(page, { ip: "127.0.0.1" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  test("is not there at all when SMTP is configured, or in production", async () => {
    const withSmtp = await runtime({ SMTP_URL: "smtp://127.0.0.1:4599" });
    expect((await mailbox(withSmtp, "127.0.0.1")).status).toBe(404);
    // With the settings production requires besides (the agency's legal details, the channels' key).
    const production = await runtime({
      NODE_ENV: "production",
      BILLING_LEGAL_NAME: "Cogwork B.V.",
      BILLING_ADDRESS: "Herengracht 1 | 1015 BA Amsterdam",
      BILLING_VAT_NUMBER: "NL001234567B01",
      BILLING_IBAN: "NL91ABNA0417164300",
      CHANNEL_SECRET_KEY: "channel-secret-channel-secret-channel-secret",
    });
    expect((await mailbox(production, "127.0.0.1")).status).toBe(404);
  });

  test("is styled: every stylesheet the page links to answers with CSS, ", async () => {
    const t = await runtime();
    for (const page of ["/dev/mailbox", "/dev/mailbox?to=someone%40example.com"]) {
      const response = await t.request(page, { ip: "127.0.0.1" });
      const hrefs = [...(await response.text()).matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        const css = await t.request(new URL(href, `http://localhost${page}`).pathname, { ip: "127.0.0.1" });
        expect(css.status).toBe(200);
        expect(css.headers.get("content-type")).toMatch(/^text\/css/);
      }
    }
  });
});
