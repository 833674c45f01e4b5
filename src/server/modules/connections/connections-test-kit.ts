import { createServer, type Server } from "node:http";

/** An execution as n8n's public API lists it (times with New York's offset, as n8n writes them). */
export interface FakeExecution {
  id: string;
  workflowId: string;
  status: string;
  startedAt: string;
  stoppedAt: string | null;
  retryOf?: string | null;
  errorNode?: string;
  errorMessage?: string;
}

/**
 * A stand-in for n8n's public API in unit and integration tests (the real one runs in
 * `npm run test:n8n`): workflows, executions newest first in pages of `limit` with a cursor, one
 * execution with its data, and retry. Answers 401 to any other key; `down` answers 503.
 */
export async function startFakeN8n(apiKey: string) {
  const state = {
    workflows: [{ id: "1", name: "Invoice filing", active: true, tags: [{ name: "finance" }] }],
    executions: [] as FakeExecution[],
    down: false,
    requests: [] as string[],
    nextId: 1000,
  };
  const server: Server = createServer((req, res) => {
    state.requests.push(`${req.method} ${req.url}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (state.down) return send(503, { message: "down" });
    if (req.headers["x-n8n-api-key"] !== apiKey) return send(401, { message: "unauthorized" });
    const url = new URL(req.url!, "http://fake");
    if (url.pathname === "/api/v1/workflows") return send(200, { data: state.workflows, nextCursor: null });
    if (url.pathname === "/api/v1/executions") return send(200, listPage(state.executions, url));
    const one = /^\/api\/v1\/executions\/(\w+)(\/retry)?$/.exec(url.pathname);
    const execution = one && state.executions.find((e) => e.id === one[1]);
    if (!execution) return send(404, { message: "not found" });
    if (one[2] && req.method === "POST") {
      const retry = { ...execution, id: String(state.nextId++), status: "success", retryOf: execution.id };
      state.executions.push(retry);
      return send(200, retry);
    }
    const data = execution.errorMessage
      ? { resultData: { error: { message: execution.errorMessage, node: { name: execution.errorNode } } } }
      : { resultData: {} };
    return send(200, { ...execution, data });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { state, baseUrl, close: () => new Promise((done) => server.close(done)) };
}

function listPage(all: FakeExecution[], url: URL) {
  const limit = Number(url.searchParams.get("limit") ?? 100);
  const offset = Number(url.searchParams.get("cursor") ?? 0);
  const newestFirst = all
    .filter((e) => e.workflowId === url.searchParams.get("workflowId"))
    .sort((a, b) => Number(b.id) - Number(a.id));
  const data = newestFirst.slice(offset, offset + limit);
  return { data, nextCursor: offset + limit < newestFirst.length ? String(offset + limit) : null };
}
