/* Single run reports (POST /api/v1/runs, a new run each time) from autocannon, for the ingest benches. */
import autocannon from "autocannon";

export interface LoadFigures {
  perSecond: number;
  p50: number;
  p99: number;
}

/** `connections` clients report runs for `seconds`, round robin over the keys; throws on any error answer. */
export async function reportSingleRuns(
  port: number,
  keys: string[],
  tag: string,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadFigures> {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/v1/runs`,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          const i = n++;
          const headers = { "content-type": "application/json", authorization: `Bearer ${keys[i % keys.length]}` };
          const run = { externalRunId: `${tag}-${i}`, status: "success", startedAt: new Date().toISOString() };
          return { ...req, headers: { ...req.headers, ...headers }, body: JSON.stringify(run) };
        },
      },
    ],
  });
  if (result.non2xx) throw new Error(`run reports answered ${result.non2xx} errors`);
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
