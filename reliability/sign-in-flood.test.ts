import { afterAll, beforeAll, expect, test } from "vitest";
import { setUpAuthenticator } from "../src/server/test/authenticator";
import { killChildren, runNode } from "../src/server/test/child-process";
import { cookieOf, startAbuseServer, type AbuseServer } from "./abuse-server";

// Ports 4500-4549 belong to the abuse tests.
const PORT = 4502;
const FLOODER = "203.0.113.77";
const FLOOD_SECONDS = 10;
const FLOOD_CONNECTIONS = 20;
/**
 * Page loads under the flood may be at most 5× slower at the 99th percentile than idle, with a
 * floor of 500 ms. This is a guard against a blocked event loop, which stalled page loads for
 * seconds at a time (the defect measured 301–3,163 ms). The figure itself is a budget in
 * `npm run bench` (≤ 5× idle). Here, with both load generators on this 2-core machine and the
 * embedded database reading the let-through sign-ins' rows on the server's own thread, p99
 * under the flood measured 64–211 ms with nothing else running (PostgreSQL: 13–26 ms).
 */
const SLOWDOWN_FACTOR = 5;
const FLOOR_MS = 500;

interface Load {
  latency: { p50: number; p90: number; p99: number; max: number };
  requests: { total: number };
  statusCodeStats: Record<string, { count: number }>;
}

let server: AbuseServer;
beforeAll(async () => {
  server = await startAbuseServer("flood", PORT);
});
afterAll(async () => {
  await server?.stop();
  killChildren();
});

/**
 * Load comes from child processes, never from this one: the flood and the page loads each get
 * their own event loop, so neither generator's work is counted as the server's latency.
 */
async function load(args: string[]): Promise<Load> {
  const run = runNode(["node_modules/autocannon/autocannon.js", "--json", "--no-progress", ...args]);
  const { code } = await run.exit;
  const json = run
    .output()
    .split("\n")
    .find((line) => line.startsWith("{"));
  if (code !== 0 || !json) throw new Error(`load generator failed (${code}):\n${run.output()}`);
  return JSON.parse(json) as Load;
}

/** Page loads at a steady 40 a second: a visitor's latency, not the server's top speed. */
const pageLoads = (seconds: number) => load(["-c", "2", "-R", "40", "-d", String(seconds), `${server.origin}/`]);

test("a flood of refused sign-ins leaves page loads fast and the security log small", async () => {
  // Warm up, then the idle baseline.
  await pageLoads(1);
  const idle = await pageLoads(5);

  const flood = load(
    [
      ["-c", String(FLOOD_CONNECTIONS)],
      ["-d", String(FLOOD_SECONDS)],
      ["-m", "POST"],
      ["-H", "content-type=application/json"],
      ["-H", `origin=${server.origin}`],
      ["-H", `x-forwarded-for=${FLOODER}`],
      ["-b", JSON.stringify({ email: server.staffEmail, password: "not-the-password" })],
      [`${server.origin}/api/auth/sign-in/email`],
    ].flat(),
  );
  // Page loads measured over the flood's whole length, its first unrefused sign-ins included.
  const underFlood = await pageLoads(FLOOD_SECONDS - 1);
  const flooded = await flood;

  const signIns = flooded.requests.total;
  const refused = flooded.statusCodeStats["429"]?.count ?? 0;
  const idleP99 = idle.latency.p99;
  const floodP99 = underFlood.latency.p99;
  console.log(
    `reliability: sign-in flood — GET / p99 idle ${idleP99} ms, under flood ${floodP99} ms (${signIns} sign-ins, ${refused} refused)`,
  );

  // Better Auth's limit lets 10 sign-ins a minute from one address reach the password check.
  expect(signIns - refused).toBeLessThanOrEqual(10);
  const spread = ({ latency }: Load) => `p50 ${latency.p50}, p90 ${latency.p90}, max ${latency.max} ms`;
  console.log(`reliability: sign-in flood — GET / idle ${spread(idle)}; under flood ${spread(underFlood)}`);
  expect(underFlood.statusCodeStats["200"]?.count).toBe(underFlood.requests.total);
  expect(floodP99).toBeLessThanOrEqual(Math.max(SLOWDOWN_FACTOR * idleP99, FLOOR_MS));

  // The log counts every refusal, in a row per source and minute instead of a row each.
  const staff = await server.signIn(server.staffEmail, server.staffPassword, "198.51.100.30");
  expect(staff.status).toBe(200);
  // The security log is staff's: the account sets up its second factor first, as staff must.
  const { cookie: staffCookie } = await setUpAuthenticator(
    (path, json, cookie) => server.request(`/api/auth${path}`, { ip: "198.51.100.30", json, cookie }),
    cookieOf(staff),
    server.staffPassword,
  );
  const rows = async () =>
    (await server.securityEvents("rate_limited", staffCookie)).filter((event) => event.ip === FLOODER);
  const logged = async () => (await rows()).reduce((sum, event) => sum + event.count, 0);
  await expect.poll(logged, { timeout: 5_000 }).toBeGreaterThanOrEqual(refused);
  // The server also refused the last request of each connection, which the generator stopped waiting for.
  expect(await logged()).toBeLessThanOrEqual(refused + FLOOD_CONNECTIONS);
  const written = (await rows()).length;
  console.log(`reliability: sign-in flood — ${refused} refusals logged in ${written} security-log rows`);
  // A path and minute per row, for the limiter's refusals and for the account's slowdown.
  expect(written).toBeLessThanOrEqual(2 * (Math.ceil(FLOOD_SECONDS / 60) + 1));
});
