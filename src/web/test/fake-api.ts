import { vi } from "vitest";

/**
 * The API under the form tests, answered by a table of "METHOD /path" → answer.
 *
 * Why not the real server: in the DOM test environment the in-process server breaks. Its JWT
 * library refuses the byte arrays of the DOM's realm (no confirmation link could be signed), and
 * sign-ins through it did not complete either. The answers here copy the server's own bodies,
 * which its tests check. The server never answers 500 on purpose: the tests' 500 stands in for
 * an outage, worded as the server's error handler words it.
 */
export const SERVER_ERROR = {
  status: 500,
  body: { message: "Something went wrong on our side. Please try again in a moment." },
};

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/** A table entry: a fixed answer, or one made from the request (its JSON body and its query parameters). */
type Answer = FakeAnswer | ((request: { body: unknown; search: URLSearchParams }) => FakeAnswer);

/** Every call the page made, with its parsed JSON body. */
export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  /** The query string's parameters. */
  search: URLSearchParams;
  /** The query string as sent, "?…" or "". */
  query: string;
}

const BASE: Record<string, Answer> = {
  "GET /api/auth/get-session": { body: null },
  "GET /api/csrf": { body: { token: "test-csrf-token-0123456789" } },
};

export function fakeApi(answers: Record<string, Answer>): FakeCall[] {
  const calls: FakeCall[] = [];
  const table = { ...BASE, ...answers };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost:3000");
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body, search: url.searchParams, query: url.search });
    const entry = table[`${method} ${url.pathname}`];
    if (!entry)
      return Response.json({ message: `No answer for ${method} ${url.pathname} in this test.` }, { status: 404 });
    const { status = 200, body: answer = {} } =
      typeof entry === "function" ? entry({ body, search: url.searchParams }) : entry;
    return Response.json(answer, { status });
  });
  return calls;
}
