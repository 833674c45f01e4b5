/**
 * `GET /api/health` while four clients upload 20 MB each (scripts/bench-portal.ts). A message may
 * carry at most 20 MB of files, 5 MB each, so each client sends four 5 MB text files, all four
 * clients at once, the way the portal's forms do: each file's own bytes to POST /api/tickets/uploads,
 * one after another, then one message with their ids (`mode: "base64"`: one message of about 27 MB of
 * JSON, as before ADR 0022's streamed uploads, for comparison). Health checks go out 20 a second, one
 * at a time, from a process of their own, from before the first upload until the last one is answered.
 */
import { fork } from "node:child_process";
import path from "node:path";

const ORIGIN = "http://localhost:3000";
const FILE_BYTES = 5 * 1024 * 1024;

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** A text file of its own letters (every file differs, so none compresses into another). */
function textFile(seed: number) {
  const content = Buffer.alloc(FILE_BYTES);
  let x = seed;
  for (let i = 0; i < content.length; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    content[i] = i % 80 === 79 ? 0x0a : 0x61 + ((x >>> 16) % 26);
  }
  return content;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The health checks, from a process of their own (scripts/lib/health-checker.mjs). */
async function startHealthChecker(url: string) {
  const child = fork(path.join(import.meta.dirname, "health-checker.mjs"), [url], { stdio: "inherit" });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the health checker exited (${code})`)));
  });
  return {
    stop: () =>
      new Promise<{ latencies: number[]; failure?: string }>((resolve) => {
        child.once("message", (m) => resolve(m as { latencies: number[]; failure?: string }));
        child.send("stop");
      }),
  };
}

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<{ id: string }>;
}

export async function healthWhileUploading(
  port: number,
  sessionCookie: string,
  mode: "streamed" | "base64" = "streamed",
) {
  const base = `http://127.0.0.1:${port}`;
  const issued = await fetch(`${base}/api/csrf`, { headers: { cookie: sessionCookie } });
  const { token } = (await issued.json()) as { token: string };
  const cookie = [sessionCookie, cookieOf(issued)].filter(Boolean).join("; ");
  const headers = { origin: ORIGIN, cookie, "x-csrf-token": token };
  const files = [0, 1, 2, 3].map((client) => [0, 1, 2, 3].map((f) => textFile(client * 4 + f + 1)));
  const ticket = (client: number, more: object) => ({
    subject: `Bench upload ${client + 1}`,
    category: "other",
    message: "Four exports.",
    ...more,
  });
  const postTicket = async (body: string) =>
    expectStatus(
      await fetch(`${base}/api/tickets`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body,
      }),
      201,
      "a new ticket",
    );
  // As the portal: each file on its own, one after another, then the message with their ids.
  const streamed = async (client: number) => {
    const uploadIds: string[] = [];
    for (const [f, content] of files[client]!.entries()) {
      const res = await fetch(`${base}/api/tickets/uploads?fileName=export-${f + 1}.txt`, {
        method: "POST",
        headers: { ...headers, "content-type": "text/plain" },
        body: content,
      });
      uploadIds.push((await expectStatus(res, 201, "an upload")).id);
    }
    return postTicket(JSON.stringify(ticket(client, { uploadIds })));
  };
  // Before ADR 0022's streamed uploads: about 27 MB of JSON, made before the clock starts.
  const bodies =
    mode === "base64"
      ? files.map((set, client) =>
          JSON.stringify(
            ticket(client, {
              attachments: set.map((content, f) => ({
                fileName: `export-${f + 1}.txt`,
                contentBase64: content.toString("base64"),
              })),
            }),
          ),
        )
      : [];
  const checker = await startHealthChecker(`${base}/api/health`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  const uploads = Promise.all(
    [0, 1, 2, 3].map((client) => (mode === "base64" ? postTicket(bodies[client]!) : streamed(client))),
  );
  const outcome = await uploads.then(
    () => null,
    (error: unknown) => error,
  );
  const uploadsMs = performance.now() - started;
  const { latencies, failure } = await checker.stop();
  if (outcome) throw outcome;
  if (failure) throw new Error(failure);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    p99: Math.round(percentile(sorted, 0.99)),
    max: Math.round(sorted.at(-1)!),
    uploadsMs,
    checks: sorted.length,
  };
}
