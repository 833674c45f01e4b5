import { vi } from "vitest";
import { ALL_OPERATION_SCHEMAS } from "../../shared/operation-schemas";
import { ALL_OPERATIONS } from "../../shared/operations";
import type { Operation } from "../../shared/api-operation";

/**
 * The API under the form tests, answered by a table keyed by operation id (`listUsers`), or by
 * "METHOD /path" for Better Auth's endpoints, which are not ours. Every 2xx answer of an
 * operation is parsed with its response schema, so a fake that the server could not send fails
 * the test.
 *
 * Why not the real server: in the DOM test environment the in-process server breaks. Its JWT
 * library refuses the byte arrays of the DOM's realm (no confirmation link could be signed), and
 * sign-ins through it did not complete either. The server never answers 500 on purpose: the
 * tests' 500 stands in for an outage, worded as the server's error handler words it.
 */
export const SERVER_ERROR = {
  status: 500,
  body: { message: "Something went wrong on our side. Please try again in a moment." },
};

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/** A request as the fake sees it: its JSON body, query parameters and path parameters. */
export interface FakeRequest {
  body: unknown;
  search: URLSearchParams;
  params: Record<string, string>;
}

/** A table entry: a fixed answer, or one made from the request. */
type Answer = FakeAnswer | ((request: FakeRequest) => FakeAnswer);

/** Every call the page made, with its parsed JSON body. */
export interface FakeCall {
  method: string;
  path: string;
  /** The operation called, when the path is one of ours. */
  operationId?: string;
  params: Record<string, string>;
  body: unknown;
  /** The query string's parameters. */
  search: URLSearchParams;
  /** The query string as sent, "?…" or "". */
  query: string;
}

const BASE: Record<string, Answer> = {
  getSession: { body: null },
  getCsrfToken: { body: { token: "test-csrf-token-0123456789" } },
};

const matchers = Object.values(ALL_OPERATIONS).map((operation) => {
  const names: string[] = [];
  const source = operation.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { operation, names, pattern: new RegExp(`^${source}$`) };
});

/** The operation a request is for, with its path parameters; literal paths win over parameters. */
function operationOf(method: string, path: string): { operation: Operation; params: Record<string, string> } | null {
  const found = matchers
    .filter((m) => m.operation.method.toUpperCase() === method && m.pattern.test(path))
    .sort((a, b) => a.names.length - b.names.length)[0];
  if (!found) return null;
  const values = found.pattern.exec(path)!.slice(1);
  return {
    operation: found.operation,
    params: Object.fromEntries(found.names.map((name, i) => [name, decodeURIComponent(values[i]!)])),
  };
}

/** Throws, with the schema's words, when an answer is one the server could not send. */
function checkAnswer(operationId: string, answer: FakeAnswer) {
  const schema = ALL_OPERATION_SCHEMAS[operationId]?.response;
  const status = answer.status ?? 200;
  if (!schema || status < 200 || status >= 300) return;
  const parsed = schema.safeParse(answer.body === undefined ? {} : answer.body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
    throw new Error(`The fake answer for ${operationId} is not what the server sends:\n  ${problems.join("\n  ")}`);
  }
}

export function fakeApi(answers: Record<string, Answer>): FakeCall[] {
  const calls: FakeCall[] = [];
  const table = { ...BASE, ...answers };
  for (const key of Object.keys(answers)) {
    if (!key.includes(" ") && !ALL_OPERATIONS[key]) throw new Error(`No operation is called ${key}.`);
    const [method, path] = key.split(" ");
    const operation = method && path ? operationOf(method, path)?.operation : undefined;
    if (operation) throw new Error(`Answer ${key} by its operation id, ${operation.operationId}.`);
    const entry = answers[key];
    if (entry && typeof entry !== "function" && !key.includes(" ")) checkAnswer(key, entry);
  }
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost:3000");
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const found = operationOf(method, url.pathname);
    const params = found?.params ?? {};
    const operationId = found?.operation.operationId;
    calls.push({ method, path: url.pathname, operationId, params, body, search: url.searchParams, query: url.search });
    const entry = table[`${method} ${url.pathname}`] ?? (operationId ? table[operationId] : undefined);
    if (!entry)
      return Response.json({ message: `No answer for ${method} ${url.pathname} in this test.` }, { status: 404 });
    const answer = typeof entry === "function" ? entry({ body, search: url.searchParams, params }) : entry;
    if (operationId && typeof entry === "function") checkAnswer(operationId, answer);
    const { status = 200, body: payload = {} } = answer;
    return Response.json(payload, { status });
  });
  return calls;
}
