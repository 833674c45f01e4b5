import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { REPO_ROOT, childEnv, killChildren, runNode, type ChildRun } from "../src/server/test/child-process";

/**
 * Oversized and quadratic bodies against the built server process: each is answered (413 or 400)
 * without reading the rest, and a health check sent meanwhile is not held up. The limits are
 * guards against a blocked event loop, generous for a busy 2-core machine (answers take 10–200 ms
 * there); before the fixes these requests took seconds to minutes.
 */

const PORT = 4451;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = path.join(REPO_ROOT, ".tmp", `oversized-bodies-${process.pid}`);
const ANSWER_LIMIT_MS = 1_000;
const HEALTH_LIMIT_MS = 1_000;
let server: ChildRun;
/** Our CSRF token and its cookie, as the contact form sends them, so the checks behind it run. */
const csrf = { token: "", cookie: "" };

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = runNode(
    ["dist/server/index.js"],
    childEnv({
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_URL: BASE,
      RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
    }),
  );
  for (let tries = 0; tries < 600; tries++) {
    if (
      await fetch(`${BASE}/api/ready`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const issued = await fetch(`${BASE}/api/csrf`);
  csrf.token = ((await issued.json()) as { token: string }).token;
  csrf.cookie = issued.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  if (csrf.token) return;
  throw new Error(`server did not start:\n${server.output()}`);
}, 180_000);
afterAll(() => {
  killChildren();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Sent {
  status: number;
  ms: number;
  head: string;
}

/**
 * Sends a POST on a raw socket: headers first, then the body in 64 KB chunks, with a
 * Content-Length or chunked; resolves as soon as the status line arrives, and stops sending.
 */
function post(pathname: string, body: string | { streamedBytes: number }): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const chunked = typeof body !== "string";
    const source = chunked ? Buffer.alloc(64 * 1024, "x") : Buffer.from(body);
    const total = chunked ? body.streamedBytes : source.length;
    const started = performance.now();
    const socket = net.connect(PORT, "127.0.0.1");
    let answer = "";
    let done = false;
    socket.on("data", (data: Buffer) => {
      answer += data.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (!status || done) return;
      done = true;
      resolve({ status: Number(status[1]), ms: performance.now() - started, head: answer.slice(0, 300) });
      socket.destroy();
    });
    // EPIPE: the server answered and stopped reading, which is the point; anything else before the answer fails.
    socket.on("error", (error: NodeJS.ErrnoException) => (done || error.code === "EPIPE" ? undefined : reject(error)));
    socket.on("close", () =>
      done ? undefined : reject(new Error(`connection closed before an answer: ${answer.slice(0, 200)}`)),
    );
    const head = [
      `POST ${pathname} HTTP/1.1`,
      `Host: 127.0.0.1:${PORT}`,
      "Content-Type: application/json",
      `Origin: ${BASE}`,
      `Cookie: ${csrf.cookie}`,
      `X-CSRF-Token: ${csrf.token}`,
      chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${total}`,
      "",
      "",
    ].join("\r\n");
    socket.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < total && !done && !socket.destroyed) {
        const piece = chunked ? source : source.subarray(sent, sent + 64 * 1024);
        sent += piece.length;
        const framed = chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
          : piece;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
      if (chunked && !done && !socket.destroyed) socket.write("0\r\n\r\n");
    };
    pump();
  });
}

async function healthMs(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${BASE}/api/health`);
  await res.text();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

const cases: [label: string, pathname: string, body: string | { streamedBytes: number }, statuses: number[]][] = [
  ["10 MB with Content-Length", "/api/contact", JSON.stringify({ message: "x".repeat(10 * 1024 * 1024) }), [413]],
  ["100 MB streamed without Content-Length", "/api/contact", { streamedBytes: 100 * 1024 * 1024 }, [413]],
  [
    "256 KB of < in a contact message",
    "/api/contact",
    JSON.stringify({ name: "Dana", email: "d@example.com", message: "<".repeat(256 * 1024) }),
    [413, 400],
  ],
  [
    "60 KB email on sign-in",
    "/api/auth/sign-in/email",
    JSON.stringify({ email: `${"a".repeat(60 * 1024)}@example.com`, password: "password1" }),
    [413, 400],
  ],
  [
    "60 KB of unclosed tags in a contact message",
    "/api/contact",
    JSON.stringify({ name: "Dana", email: "d@example.com", message: "<a".repeat(30 * 1024) }),
    [400],
  ],
];

test.each(cases)("%s is answered at once and holds nothing up", async (label, pathname, body, statuses) => {
  await healthMs(); // warm the connection path
  const health = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return healthMs();
  })();
  const sent = await post(pathname, body);
  expect(statuses, sent.head).toContain(sent.status);
  expect(sent.ms).toBeLessThan(ANSWER_LIMIT_MS);
  expect(await health).toBeLessThan(HEALTH_LIMIT_MS);
  console.log(`reliability: oversized ${label}: ${sent.status} in ${Math.round(sent.ms)} ms`);
});
