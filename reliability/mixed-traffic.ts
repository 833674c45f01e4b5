import http from "node:http";

/** One request of the traffic and what became of it. */
export interface Outcome {
  kind: "browse" | "ingest" | "reply";
  method: string;
  /** The HTTP status, or 0 when no answer came (the connection failed). */
  status: number;
  error?: string;
}

export interface MixedTraffic {
  /** Stops sending; resolves when every sender has had its last answer. */
  stop: () => Promise<void>;
  outcomes: Outcome[];
  /** External ids of the runs in batches answered 2xx. */
  acknowledgedRuns: Set<string>;
  /** Bodies of the ticket replies answered 2xx. */
  acknowledgedReplies: Set<string>;
}

export interface TrafficTarget {
  baseUrl: string;
  /** The address the app expects in Origin (its APP_URL). */
  origin: string;
  clientCookie: string;
  csrfToken: string;
  ingestKey: string;
  ticketId: string;
}

interface Answer {
  status: number;
  body: string;
}

// One connection per request (no keep-alive), as distinct browsers and platforms would: what
// this measures is what the proxy and the instances do, not a reused socket's races in the client.
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("no answer in 30 s")));
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Browsing (two readers of /api/me and the dashboard), ingest batches (two platforms, five runs
 * each) and ticket replies (one client) through one address, until stopped. Each write has an
 * id of its own, so the test can look for every acknowledged one in the database.
 */
export function startMixedTraffic(target: TrafficTarget, label: string): MixedTraffic {
  let stopped = false;
  const outcomes: Outcome[] = [];
  const acknowledgedRuns = new Set<string>();
  const acknowledgedReplies = new Set<string>();
  const client = { cookie: target.clientCookie, origin: target.origin, "x-csrf-token": target.csrfToken };

  async function attempt(
    kind: Outcome["kind"],
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) {
    try {
      const answer = await send(
        `${target.baseUrl}${path}`,
        method,
        body === undefined ? headers : { ...headers, "content-type": "application/json" },
        body === undefined ? undefined : JSON.stringify(body),
      );
      outcomes.push({
        kind,
        method,
        status: answer.status,
        ...(answer.status >= 400 ? { error: answer.body.slice(0, 200) } : {}),
      });
      return answer.status >= 200 && answer.status < 300;
    } catch (error) {
      outcomes.push({ kind, method, status: 0, error: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }

  async function browser() {
    for (let n = 0; !stopped; n++) await attempt("browse", "GET", n % 2 === 0 ? "/api/me" : "/api/dashboard", client);
  }

  async function platform(index: number) {
    for (let n = 0; !stopped; n++) {
      const ids = Array.from({ length: 5 }, (_, i) => `${label}-${index}-${n}-${i}`);
      const runs = ids.map((externalRunId) => ({
        externalRunId,
        status: "success",
        startedAt: new Date().toISOString(),
        itemsProcessed: 1,
      }));
      const ok = await attempt(
        "ingest",
        "POST",
        "/api/v1/runs/batch",
        { authorization: `Bearer ${target.ingestKey}` },
        { runs },
      );
      if (ok) for (const id of ids) acknowledgedRuns.add(id);
    }
  }

  async function replier() {
    for (let n = 0; !stopped; n++) {
      const text = `${label} reply ${n}`;
      // Each reply from its own address: the write limit (60 a minute per address) is not what this measures.
      const headers = { ...client, "x-forwarded-for": `198.51.100.${(n % 250) + 1}` };
      if (await attempt("reply", "POST", `/api/tickets/${target.ticketId}/messages`, headers, { body: text }))
        acknowledgedReplies.add(text);
    }
  }

  const senders = [browser(), browser(), platform(0), platform(1), replier()];
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(senders);
    },
    outcomes,
    acknowledgedRuns,
    acknowledgedReplies,
  };
}

/** Resolves once the traffic has had `count` more answers than when called. */
export async function afterAnswers(traffic: MixedTraffic, count: number): Promise<void> {
  const target = traffic.outcomes.length + count;
  while (traffic.outcomes.length < target) await new Promise((resolve) => setTimeout(resolve, 50));
}
