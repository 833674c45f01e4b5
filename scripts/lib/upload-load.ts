/**
 * `GET /api/health` while four clients upload 20 MB each (scripts/bench-portal.ts). A message may
 * carry at most 20 MB of files, 5 MB each, so each client sends one message with four 5 MB text
 * files (about 27 MB of JSON, under the 30 MB body limit), all four at once. Health checks go out
 * 20 a second, one at a time, from before the first upload until the last one is answered.
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

export async function healthWhileUploading(port: number, sessionCookie: string) {
  const base = `http://127.0.0.1:${port}`;
  const issued = await fetch(`${base}/api/csrf`, { headers: { cookie: sessionCookie } });
  const { token } = (await issued.json()) as { token: string };
  const cookie = [sessionCookie, cookieOf(issued)].filter(Boolean).join("; ");
  const bodies = [0, 1, 2, 3].map((client) =>
    JSON.stringify({
      subject: `Bench upload ${client + 1}`,
      category: "other",
      message: "Four exports.",
      attachments: [0, 1, 2, 3].map((f) => ({
        fileName: `export-${f + 1}.txt`,
        contentBase64: textFile(client * 4 + f + 1).toString("base64"),
      })),
    }),
  );
  const checker = await startHealthChecker(`${base}/api/health`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  const uploads = await Promise.all(
    bodies.map((body) =>
      fetch(`${base}/api/tickets`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, cookie, "x-csrf-token": token },
        body,
      }),
    ),
  );
  const uploadsMs = performance.now() - started;
  const { latencies, failure } = await checker.stop();
  if (failure) throw new Error(failure);
  for (const upload of uploads) {
    if (upload.status !== 201) throw new Error(`an upload answered ${upload.status}: ${await upload.text()}`);
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    p99: Math.round(percentile(sorted, 0.99)),
    max: Math.round(sorted.at(-1)!),
    uploadsMs,
    checks: sorted.length,
  };
}
