import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, describe, expect, test, vi } from "vitest";
import type * as Dns from "node:dns/promises";

const lookups: string[] = [];
vi.mock("node:dns/promises", async (original) => {
  const real = await original<typeof Dns>();
  return {
    ...real,
    lookup: async (host: string, options: object) => {
      lookups.push(host);
      // A rebinding name: the first answer is the test server, any later answer would be elsewhere.
      if (host === "rebinding.test")
        return lookups.filter((h) => h === host).length === 1
          ? [{ address: "127.0.0.1", family: 4 }]
          : [{ address: "10.9.9.9", family: 4 }];
      return real.lookup(host, options as never);
    },
  };
});

const { outboundRequest, refusedUrl, outboundPolicyFor } = await import("./outbound-http");

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

async function serve(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return (server.address() as { port: number }).port;
}

const open = { requireHttps: false, allowPrivateAddresses: true };

describe("outbound calls", () => {
  test("the name is resolved once and the call connects to that address, the name kept as Host", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const port = await serve((req, res) => {
      seen.push(req.headers);
      res.end("ok");
    });
    const answer = await outboundRequest({ method: "GET", url: `http://rebinding.test:${port}/x`, policy: open });
    expect(answer).toMatchObject({ statusCode: 200, body: "ok", error: null });
    expect(lookups.filter((host) => host === "rebinding.test")).toHaveLength(1);
    expect(seen[0]!.host).toBe(`rebinding.test:${port}`);
  });

  test("private addresses are refused unless allowed; https only in production", async () => {
    const production = outboundPolicyFor("production", "off");
    const refused = await outboundRequest({ method: "GET", url: "https://127.0.0.1:9/x", policy: production });
    expect(refused.error).toBe(
      "127.0.0.1 resolves to a private or loopback address, which may not be reached from here",
    );
    expect(refusedUrl("http://n8n.example.com", production, "https://n8n.example.com")).toBe(
      "The address must start with https://.",
    );
    expect(outboundPolicyFor("production", "on").allowPrivateAddresses).toBe(true);
  });

  test("no answer within the time limit is an error, not a wait", async () => {
    const port = await serve(() => {});
    const answer = await outboundRequest({
      method: "GET",
      url: `http://127.0.0.1:${port}/`,
      policy: open,
      timeoutMs: 300,
    });
    expect(answer).toMatchObject({ statusCode: null, error: "No answer within 0.3 s" });
  });

  test("an answer past the size limit is cut and marked, a redirect is not followed", async () => {
    const port = await serve((req, res) => {
      if (req.url === "/moved") {
        res.writeHead(302, { location: "http://elsewhere.test/" }).end();
        return;
      }
      res.end("x".repeat(200_000));
    });
    const big = await outboundRequest({
      method: "GET",
      url: `http://127.0.0.1:${port}/`,
      policy: open,
      maxBytes: 1000,
    });
    expect(big).toMatchObject({ statusCode: 200, truncated: true });
    expect(big.body).toHaveLength(1000);
    const moved = await outboundRequest({ method: "GET", url: `http://127.0.0.1:${port}/moved`, policy: open });
    expect(moved).toMatchObject({ statusCode: 302, error: null });
    expect(lookups).not.toContain("elsewhere.test");
  });
});
