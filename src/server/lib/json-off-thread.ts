import { Worker } from "node:worker_threads";
import { MAX_JSON_DEPTH, nestsDeeperThan, parseJsonBody, type JsonBody } from "./json-body";

/**
 * The worker runs the very functions of json-body.ts, from their source: the built server is one
 * bundle, with no worker file beside it. CommonJS, evaluated.
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const MAX_JSON_DEPTH = ${MAX_JSON_DEPTH};
${nestsDeeperThan.toString()}
${parseJsonBody.toString()}
parentPort.on("message", ({ id, bytes }) => {
  parentPort.postMessage({ id, body: parseJsonBody(new TextDecoder().decode(bytes)) });
});
`;

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (body: JsonBody) => void; reject: (error: Error) => void }>();

function thread() {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.on("message", ({ id, body }: { id: number; body: JsonBody }) => {
    waiting.get(id)?.resolve(body);
    waiting.delete(id);
    // Idle, it must not keep the process alive (tests and commands end when their work does).
    if (waiting.size === 0) started.unref();
  });
  started.on("error", (error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
    worker = undefined;
  });
  return (worker = started);
}

/**
 * parseJsonBody on a worker thread, for large bodies (support messages with files: up to 30 MB):
 * decoding, the depth check and JSON.parse of tens of megabytes would otherwise hold every other
 * request on the server's thread for as long (ADR 0022). The bytes are copied there.
 */
export function parseJsonBodyOffThread(bytes: ArrayBuffer): Promise<JsonBody> {
  const id = nextId++;
  const done = new Promise<JsonBody>((resolve, reject) => waiting.set(id, { resolve, reject }));
  const parser = thread();
  parser.ref();
  parser.postMessage({ id, bytes });
  return done;
}
