import { afterAll, afterEach, expect, test } from "vitest";
import { childEnv, killChildren, runNode } from "../../src/server/test/child-process";
import { startIngestLoad } from "../ingest-load";
import { AUTH_SECRET, seedAutomation, startServer, storedRunIds } from "../server-process";
import { startPrivatePostgres, type PrivatePostgres } from "./private-postgres";

// Starting before the database is up, and stopping on SIGTERM, on a PostgreSQL of this file's own.
const PG_PORT = 4443;
const SERVER_PORT = 4404;
const base = `http://127.0.0.1:${SERVER_PORT}`;

let pg: PrivatePostgres | undefined;
afterEach(() => killChildren());
afterAll(async () => {
  killChildren();
  await pg?.remove();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("started before its database, the server waits for it (alive, not ready), then comes up by itself", async () => {
  pg = await startPrivatePostgres(PG_PORT);
  await pg.stop();
  const run = runNode(
    ["dist/server/index.js"],
    childEnv({
      PORT: String(SERVER_PORT),
      HOST: "127.0.0.1",
      AUTH_SECRET,
      APP_URL: base,
      DATABASE_URL: pg.url,
    }),
  );
  await run.waitFor(/waiting for the database \(.+\); trying again in [\d.]+ s \(attempt 2\)/, 60_000);
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
  const notYet = await fetch(`${base}/api/ready`);
  expect(notYet.status).toBe(503);
  expect(await notYet.json()).toMatchObject({ reason: "starting" });

  await pg.start();
  await run.waitFor(/ready in \d+ ms/, 60_000);
  const ready = await fetch(`${base}/api/ready`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ ready: true });

  run.child.kill("SIGTERM");
  expect((await run.exit).code).toBe(0);
});

/** A batch report whose body is still arriving: the request is in flight until `finish()` sends the rest. */
function slowBatch(key: string, ids: string[]) {
  const body = JSON.stringify({
    runs: ids.map((externalRunId) => ({ externalRunId, status: "success", startedAt: new Date().toISOString() })),
  });
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(body.slice(0, half)));
      finish = () => {
        controller.enqueue(new TextEncoder().encode(body.slice(half)));
        controller.close();
      };
    },
  });
  const answer = fetch(`${base}/api/v1/runs/batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { answer, finish: () => finish() };
}

test("on SIGTERM it turns not ready, answers the requests in flight, loses no acknowledged write and exits", async () => {
  pg ??= await startPrivatePostgres(PG_PORT);
  const seeded = await seedAutomation({ url: pg.url });
  const server = await startServer(SERVER_PORT, { url: pg.url });
  const load = startIngestLoad(server.baseUrl, seeded.ingestKey, { prefix: "term" });
  await sleep(1_000);
  const batchIds = ["slow-1", "slow-2", "slow-3"];
  const slow = slowBatch(seeded.ingestKey, batchIds);
  await sleep(300);

  server.run.child.kill("SIGTERM");
  await server.run.waitFor(/SIGTERM received: not ready any more/, 10_000);
  // The batch's body arrives after the signal: its request was in flight, so it is answered.
  await sleep(500);
  slow.finish();
  const answer = await slow.answer;
  expect(answer.status).toBe(200);
  const exit = await server.run.exit;
  await load.stop();

  const stored = await storedRunIds({ url: pg.url }, seeded.automationId);
  const lost = [...load.acknowledged, ...batchIds].filter((id) => !stored.has(id));
  const stoppedIn = Number(/stopped in (\d+) ms/.exec(server.run.output())?.[1]);
  console.log(
    `reliability: SIGTERM under load — ${load.requests()} requests, ${load.acknowledged.size} acknowledged, ` +
      `${lost.length} acknowledged writes lost, stopped ${stoppedIn} ms after the signal`,
  );
  expect(lost).toEqual([]);
  expect(exit.code, server.run.output().slice(-3000)).toBe(0);
  expect(stoppedIn).toBeGreaterThan(0);
});
