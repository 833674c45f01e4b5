import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { mailOutbox } from "../../src/server/db/schema/mail";
import { killChildren } from "../../src/server/test/child-process";
import { countOf, startIngestLoad } from "../ingest-load";
import {
  STAFF_PASSWORD,
  seedAutomation,
  startServer,
  storedRunIds,
  type Seeded,
  type ServerProcess,
} from "../server-process";
import { startPrivatePostgres, type PrivatePostgres } from "./private-postgres";

// The server runs on a PostgreSQL of this file's own, which it stops and restarts.
const PG_PORT = 4440;
const SERVER_PORT = 4401;
const OUTAGE_MS = 2_000;
const RECOVERY_LIMIT_MS = 15_000;

let pg: PrivatePostgres;
let seeded: Seeded;
let server: ServerProcess;

beforeAll(async () => {
  pg = await startPrivatePostgres(PG_PORT);
  seeded = await seedAutomation({ url: pg.url });
  server = await startServer(SERVER_PORT, { url: pg.url });
});

afterAll(async () => {
  killChildren();
  await pg?.remove();
});

const postRun = (externalRunId: string) =>
  fetch(`${server.baseUrl}/api/v1/runs`, {
    method: "POST",
    headers: { authorization: `Bearer ${seeded.ingestKey}`, "content-type": "application/json" },
    body: JSON.stringify({ externalRunId, status: "success", startedAt: new Date().toISOString() }),
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PostgreSQL restarts", () => {
  test("an idle server survives a restart of the database and answers again", async () => {
    expect((await postRun("idle-before")).status).toBe(201);
    await pg.restart();
    await sleep(500);
    expect(server.exited(), server.run.output().slice(-3000)).toBe(false);
    // Its pooled connections were cut while idle; the next request gets a fresh one.
    const after = await postRun("idle-after");
    expect(after.status).toBe(201);
  });

  test("restarted mid-load: 503s with Retry-After, then recovery without a process restart, no acknowledged write lost", async () => {
    const load = startIngestLoad(server.baseUrl, seeded.ingestKey, { prefix: "load" });
    await sleep(1_500);
    await pg.stop();
    await sleep(OUTAGE_MS);
    await pg.start();
    const back = Date.now();
    while (load.lastSuccessAt() <= back && Date.now() - back < RECOVERY_LIMIT_MS) await sleep(25);
    const recoveredMs = load.lastSuccessAt() - back;
    await sleep(1_000);
    await load.stop();

    const stored = await storedRunIds({ url: pg.url }, seeded.automationId);
    const present = [...load.acknowledged].filter((id) => stored.has(id)).length;
    console.log(
      `reliability: pg restart — ${load.requests()} requests, ${countOf(load, 503)} × 503, ${load.problems.length} errors, ` +
        `recovered in ${(recoveredMs / 1000).toFixed(1)} s, ${present}/${load.acknowledged.size} acknowledged runs present`,
    );
    expect(server.exited(), server.run.output().slice(-3000)).toBe(false);
    expect(load.problems.slice(0, 10)).toEqual([]);
    expect(countOf(load, 503)).toBeGreaterThan(0);
    expect(recoveredMs).toBeGreaterThan(0);
    expect(recoveredMs).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(present).toBe(load.acknowledged.size);

    // The mail worker kept polling through the outage and delivers again.
    const handle = await openDatabase({ url: pg.url });
    try {
      const [queued] = await handle.db
        .insert(mailOutbox)
        .values({
          to: "after-outage@reliability.test",
          kind: "test",
          subject: "After the outage",
          text: "Hello",
          html: "<p>Hello</p>",
          nextAttemptAt: new Date(),
        })
        .returning({ id: mailOutbox.id });
      const status = async () =>
        (await handle.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, queued!.id)))[0]
          ?.status;
      const since = Date.now();
      while ((await status()) !== "sent" && Date.now() - since < RECOVERY_LIMIT_MS) await sleep(200);
      expect(await status()).toBe("sent");
    } finally {
      await handle.close();
    }
  });

  test("Better Auth's endpoints answer 503 with Retry-After while the database is down, and work again after", async () => {
    const auth = (path: string, init: RequestInit = {}) =>
      fetch(`${server.baseUrl}/api/auth${path}`, {
        ...init,
        headers: { origin: server.baseUrl, "content-type": "application/json", ...init.headers },
      });
    const signIn = () =>
      auth("/sign-in/email", {
        method: "POST",
        body: JSON.stringify({ email: seeded.staffEmail, password: STAFF_PASSWORD }),
      });
    const signedIn = await signIn();
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");

    await pg.stop();
    try {
      const answers = [
        await signIn(),
        await auth("/get-session", { headers: { cookie } }),
        await auth("/sign-up/email", {
          method: "POST",
          body: JSON.stringify({ email: "new@reliability.test", password: "a long password" }),
        }),
        await auth("/request-password-reset", { method: "POST", body: JSON.stringify({ email: seeded.staffEmail }) }),
      ];
      for (const answer of answers) {
        expect(answer.status, answer.url).toBe(503);
        expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await answer.json()).toMatchObject({
          code: "UNAVAILABLE",
          message: "The service is briefly unavailable. Please try again in a moment.",
        });
      }
    } finally {
      await pg.start();
    }
    expect((await auth("/get-session", { headers: { cookie } })).status).toBe(200);
  });
});
