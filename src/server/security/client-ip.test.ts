import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { clientIp } from "./client-ip";

/** Answers with the address clientIp derives, from a given socket address and headers. */
async function derive(options: { socket?: string; headers?: Record<string, string>; trusted?: string[] }) {
  const app = new Hono().get("/", (c) => c.text(clientIp(c, options.trusted ?? [])));
  const env = options.socket
    ? { incoming: { socket: { remoteAddress: options.socket, remotePort: 1234, remoteFamily: "IPv4" } } }
    : undefined;
  const res = await app.request("http://localhost/", { headers: options.headers }, env);
  return res.text();
}

describe("clientIp", () => {
  test("is the socket address, IPv4-mapped addresses unwrapped", async () => {
    expect(await derive({ socket: "203.0.113.5" })).toBe("203.0.113.5");
    expect(await derive({ socket: "::ffff:203.0.113.5" })).toBe("203.0.113.5");
    expect(await derive({ socket: "2001:db8::1" })).toBe("2001:db8::1");
  });

  test("ignores forwarding headers from anyone but a trusted proxy", async () => {
    const headers = { "x-forwarded-for": "198.51.100.1", "x-real-ip": "198.51.100.2" };
    expect(await derive({ socket: "203.0.113.5", headers })).toBe("203.0.113.5");
    expect(await derive({ socket: "203.0.113.5", headers, trusted: ["10.0.0.1"] })).toBe("203.0.113.5");
  });

  test("behind a trusted proxy, takes the nearest untrusted hop of X-Forwarded-For", async () => {
    const trusted = ["10.0.0.1", "10.0.0.2"];
    expect(await derive({ socket: "10.0.0.1", trusted, headers: { "x-forwarded-for": "198.51.100.1" } })).toBe(
      "198.51.100.1",
    );
    // A client that forges the start of the header cannot choose its address.
    expect(
      await derive({ socket: "10.0.0.1", trusted, headers: { "x-forwarded-for": "1.1.1.1, 198.51.100.1, 10.0.0.2" } }),
    ).toBe("198.51.100.1");
    expect(
      await derive({ socket: "::ffff:10.0.0.1", trusted, headers: { "x-forwarded-for": "::ffff:198.51.100.9" } }),
    ).toBe("198.51.100.9");
    // Nothing forwarded, or only proxies: the proxy itself.
    expect(await derive({ socket: "10.0.0.1", trusted })).toBe("10.0.0.1");
    expect(await derive({ socket: "10.0.0.1", trusted, headers: { "x-forwarded-for": "10.0.0.2, " } })).toBe(
      "10.0.0.1",
    );
  });

  test("without a socket (app.request in tests) it answers 'unknown' instead of throwing", async () => {
    expect(await derive({ headers: { "x-forwarded-for": "198.51.100.1" } })).toBe("unknown");
  });
});
