import { afterAll, beforeAll, expect, test } from "vitest";
import { killChildren, runNode } from "../src/server/test/child-process";
import { cookieOf, PASSWORD, startAbuseServer, type AbuseServer } from "./abuse-server";

// Ports 4620-4629 belong to the upload tests (UPLOAD_TEST_PORT moves them, e.g. beside another run).
const PORT = Number(process.env.UPLOAD_TEST_PORT ?? 4620);
const UPLOADERS = 4;
const FILES_PER_UPLOAD = 4;
/** The largest file a message may carry: 5 MB; four of them are the 20 MB a message may carry. */
const FILE_BYTES = 5 * 1024 * 1024;
/**
 * A guard against a blocked event loop, not a budget: health checks sent while four clients upload
 * 20 MB each must each be answered within this. The defect held health checks 16–28 s while the
 * files were parsed, decoded, checked and written on the server's thread (uploads took 29–119 s
 * on this busy 2-core machine); since ADR 0022 the slowest check measured 0.6–3.3 s here with the
 * machine's load average above 20. The figure itself (p99 under 100 ms) is a row of `npm run bench`.
 */
const BLOCKED_LOOP_MS = 8_000;

interface Load {
  latency: { p50: number; p99: number; max: number };
  requests: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

let server: AbuseServer;
beforeAll(async () => {
  server = await startAbuseServer("uploads", PORT);
});
afterAll(async () => {
  await server?.stop();
  killChildren();
});

/** Health checks from a child process at a steady 20 a second, so its timing is not this process's. */
async function healthChecks(seconds: number): Promise<Load> {
  const url = `${server.origin}/api/health`;
  const args = ["--json", "--no-progress", "-c", "1", "-R", "20", "-d", String(seconds), "-t", "120", url];
  const run = runNode(["node_modules/autocannon/autocannon.js", ...args]);
  const { code } = await run.exit;
  const json = run
    .output()
    .split("\n")
    .find((line) => line.startsWith("{"));
  if (code !== 0 || !json) throw new Error(`load generator failed (${code}):\n${run.output()}`);
  return JSON.parse(json) as Load;
}

/** A text file of `bytes` bytes that differs from every other one (its own letters from its own seed). */
function textFile(seed: number, bytes: number) {
  const content = Buffer.alloc(bytes);
  let x = seed * 2_654_435_761 + 1;
  for (let i = 0; i < bytes; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    content[i] = i % 80 === 79 ? 0x0a : 0x61 + ((x >>> 16) % 26);
  }
  return content;
}

async function signedInClient(email: string, companyName: string) {
  const ip = "198.51.100.41";
  const signUp = await server.request("/api/auth/sign-up/email", {
    ip,
    json: { email, password: PASSWORD, name: "Uploader", company: companyName },
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const { messages } = (await (
    await server.request(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`)
  ).json()) as {
    messages: { text: string }[];
  };
  const link = new URL(messages[0]!.text.match(/https?:\/\/\S+/)![0]);
  await server.request(link.pathname + link.search, { ip });
  const signIn = await server.signIn(email, PASSWORD, ip);
  expect(signIn.status).toBe(200);
  // State-changing calls carry the CSRF token issued for the session, with its nonce cookie.
  const issued = await server.request("/api/csrf", { ip, cookie: cookieOf(signIn) });
  const { token } = (await issued.json()) as { token: string };
  return { cookie: [cookieOf(signIn), cookieOf(issued)].filter(Boolean).join("; "), token };
}

type Client = Awaited<ReturnType<typeof signedInClient>>;

/** The files of each of the four clients: every one differs. */
const filesOf = (seed: number) =>
  Array.from({ length: UPLOADERS }, (_, u) =>
    Array.from({ length: FILES_PER_UPLOAD }, (_, f) => textFile(seed + u * FILES_PER_UPLOAD + f + 1, FILE_BYTES)),
  );
const fileName = (u: number, f: number) => `export-${u + 1}-${f + 1}.txt`;

/**
 * Four clients send their files at once with `send` (each answers its new ticket's id) while health
 * checks and a member browsing go on; then every file must come back byte for byte, in order.
 */
async function uploadWhileBrowsing(
  label: string,
  { cookie }: Client,
  files: Buffer[][],
  send: (u: number) => Promise<string>,
) {
  const browse = () =>
    fetch(`${server.origin}/api/tickets`, { headers: { cookie, "x-forwarded-for": "198.51.100.41" } });

  // Checks for longer than the uploads take, so that every one of them is measured.
  const health = healthChecks(25);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const browsing = (async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await browse()).status);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return statuses;
  })();
  const ids = await Promise.all(files.map((_, u) => send(u)));
  const checks = await health;
  const pages = await browsing;

  console.log(
    `reliability: upload while browsing (${label}) — GET /api/health p50 ${checks.latency.p50} ms, ` +
      `p99 ${checks.latency.p99} ms, max ${checks.latency.max} ms over ${checks.requests.total} checks`,
  );
  expect(pages.every((status) => status === 200)).toBe(true);
  expect(checks.errors + checks.timeouts + checks.non2xx).toBe(0);
  expect(checks.requests.total).toBeGreaterThan(0);
  expect(checks.latency.max).toBeLessThan(BLOCKED_LOOP_MS);

  // Every file back, byte for byte, in the order it was sent.
  for (const [u, id] of ids.entries()) {
    const thread = (await (await fetch(`${server.origin}/api/tickets/${id}`, { headers: { cookie } })).json()) as {
      messages: { attachments: { id: string; fileName: string; sizeBytes: number }[] }[];
    };
    const stored = thread.messages[0]!.attachments;
    expect(stored.map((file) => file.fileName)).toEqual(files[u]!.map((_, f) => fileName(u, f)));
    for (const [f, file] of stored.entries()) {
      expect(file.sizeBytes).toBe(FILE_BYTES);
      const download = await fetch(`${server.origin}/api/tickets/${id}/attachments/${file.id}`, {
        headers: { cookie },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(files[u]![f]!)).toBe(true);
    }
  }
}

const headersOf = ({ cookie, token }: Client, contentType: string) => ({
  origin: server.origin,
  "content-type": contentType,
  cookie,
  "x-csrf-token": token,
  "x-forwarded-for": "198.51.100.41",
});
const idOf = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

test("four clients uploading 20 MB each as base64 JSON leave other requests answered, and every file is stored byte for byte", async () => {
  const client = await signedInClient("uploader@uploads.test", "Upload Co");
  const files = filesOf(0);
  // Bodies made before the clock starts: about 27 MB of JSON each, under the 30 MB limit.
  const bodies = files.map((set, u) =>
    JSON.stringify({
      subject: `Exports ${u + 1}`,
      category: "other",
      message: "The four exports of this week.",
      attachments: set.map((content, f) => ({ fileName: fileName(u, f), contentBase64: content.toString("base64") })),
    }),
  );
  await uploadWhileBrowsing("base64 in JSON", client, files, async (u) =>
    idOf(
      await fetch(`${server.origin}/api/tickets`, {
        method: "POST",
        headers: headersOf(client, "application/json"),
        body: bodies[u],
      }),
    ),
  );
});

test("four clients uploading 20 MB each as the portal does (each file streamed, then the message) leave other requests answered", async () => {
  const client = await signedInClient("streamer@uploads.test", "Stream Co");
  const files = filesOf(100);
  await uploadWhileBrowsing("streamed uploads", client, files, async (u) => {
    const uploadIds: string[] = [];
    for (const [f, content] of files[u]!.entries()) {
      const url = `${server.origin}/api/tickets/uploads?fileName=${fileName(u, f)}`;
      uploadIds.push(
        await idOf(await fetch(url, { method: "POST", headers: headersOf(client, "text/plain"), body: content })),
      );
    }
    const message = { subject: `Exports ${u + 1}`, category: "other", message: "This week's exports.", uploadIds };
    return idOf(
      await fetch(`${server.origin}/api/tickets`, {
        method: "POST",
        headers: headersOf(client, "application/json"),
        body: JSON.stringify(message),
      }),
    );
  });
});
