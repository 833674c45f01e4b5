import { MAX_BATCH_RUNS } from "../src/shared/automations";
import { startIngestLoad } from "./ingest-load";
import { seedAutomation, startServer } from "./server-process";

export interface KillFigures {
  acknowledged: number;
  present: number;
  /** Answers of 500 or above before the kill (there should be none). */
  serverErrors: number;
  restartMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Kills the server with SIGKILL while runs stream in, starts it again on the same data, and
 * counts which of the runs it had acknowledged are stored. `database` is what the server runs on.
 */
export async function killDuringIngest(
  port: number,
  database: { url: string } | { dataDir: string },
): Promise<KillFigures> {
  const seeded = await seedAutomation(database);
  const first = await startServer(port, database);
  const load = startIngestLoad(first.baseUrl, seeded.ingestKey, { prefix: "kill" });
  // Long enough for about a hundred acknowledged runs and some in flight at the kill.
  const until = Date.now() + 6_000;
  while (load.acknowledged.size < 100 && Date.now() < until) await sleep(20);
  const serverErrors = [...load.statuses]
    .filter(([status]) => status >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  first.run.child.kill("SIGKILL");
  await first.run.exit;
  // Whatever was in flight at the kill got no answer, and is not counted as acknowledged.
  await load.stop();

  const restartStarted = Date.now();
  const second = await startServer(port, database);
  const restartMs = Date.now() - restartStarted;
  const after = await fetch(`${second.baseUrl}/api/v1/runs`, {
    method: "POST",
    headers: { authorization: `Bearer ${seeded.ingestKey}`, "content-type": "application/json" },
    body: JSON.stringify({ externalRunId: "after-restart", status: "success", startedAt: new Date().toISOString() }),
  });
  if (after.status !== 201) throw new Error(`the restarted server answered ${after.status}: ${await after.text()}`);
  load.acknowledged.add("after-restart");
  const present = await countKnownRuns(second.baseUrl, seeded.ingestKey, [...load.acknowledged]);
  return { acknowledged: load.acknowledged.size, present, serverErrors, restartMs };
}

export const killFiguresLine = (where: string, figures: KillFigures) =>
  `reliability: kill -9 during ingest (${where}) — ${figures.present}/${figures.acknowledged} acknowledged runs present after restart, ` +
  `${figures.serverErrors} × 5xx before the kill, restarted in ${(figures.restartMs / 1000).toFixed(1)} s`;

/**
 * How many of the runs the server already has, asked through the API itself: reported again,
 * a stored run is answered as a duplicate. (The embedded database cannot be opened beside it.)
 */
async function countKnownRuns(baseUrl: string, key: string, ids: string[]): Promise<number> {
  let known = 0;
  for (let start = 0; start < ids.length; start += MAX_BATCH_RUNS) {
    const runs = ids
      .slice(start, start + MAX_BATCH_RUNS)
      .map((externalRunId) => ({ externalRunId, status: "success", startedAt: new Date().toISOString() }));
    const response = await fetch(`${baseUrl}/api/v1/runs/batch`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ runs }),
    });
    if (!response.ok) throw new Error(`the batch check answered ${response.status}: ${await response.text()}`);
    const { results } = (await response.json()) as { results: { duplicate: boolean }[] };
    known += results.filter((result) => result.duplicate).length;
  }
  return known;
}
