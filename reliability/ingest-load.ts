/**
 * A steady stream of run reports to POST /api/v1/runs from a few concurrent senders, as an
 * automation platform would send them; it records every answer, and which runs were acknowledged.
 */
export interface IngestLoad {
  /** Stops sending; resolves when every sender has had its last answer. */
  stop: () => Promise<void>;
  requests: () => number;
  statuses: Map<number, number>;
  /** Answers outside 2xx/503, 503s without Retry-After, and requests that got no answer at all. */
  problems: string[];
  /** External ids of the runs answered with 2xx. */
  acknowledged: Set<string>;
  /** When the last 2xx arrived (ms since epoch). */
  lastSuccessAt: () => number;
}

export function startIngestLoad(
  baseUrl: string,
  key: string,
  options: { senders?: number; prefix?: string } = {},
): IngestLoad {
  const { senders = 4, prefix = "run" } = options;
  let stopped = false;
  let sent = 0;
  let lastSuccess = 0;
  const statuses = new Map<number, number>();
  const problems: string[] = [];
  const acknowledged = new Set<string>();

  async function sender(index: number) {
    for (let n = 0; !stopped; n++) {
      const id = `${prefix}-${index}-${n}`;
      sent += 1;
      try {
        const response = await fetch(`${baseUrl}/api/v1/runs`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({
            externalRunId: id,
            status: "success",
            startedAt: new Date().toISOString(),
            itemsProcessed: 1,
          }),
          signal: AbortSignal.timeout(20_000),
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.ok) {
          acknowledged.add(id);
          lastSuccess = Date.now();
        } else if (response.status !== 503) problems.push(`${id}: ${response.status}`);
        else if (!response.headers.get("retry-after")) problems.push(`${id}: 503 without Retry-After`);
        else await new Promise((resolve) => setTimeout(resolve, 50));
      } catch (error) {
        problems.push(
          `${id}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  const all = Promise.all(Array.from({ length: senders }, (_, index) => sender(index)));
  return {
    stop: async () => {
      stopped = true;
      await all;
    },
    requests: () => sent,
    statuses,
    problems,
    acknowledged,
    lastSuccessAt: () => lastSuccess,
  };
}

/** Count of answers with this status. */
export const countOf = (load: IngestLoad, status: number) => load.statuses.get(status) ?? 0;
