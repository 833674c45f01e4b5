import { operationUrl } from "../../shared/api-operation";
import { securityOps } from "../../shared/operations/security";
import { CSRF_HEADER, storeCsrfToken, storedCsrfToken } from "./csrf";
import { takeFirstScreenAnswer } from "./first-screen-answers";
import type { Operation, OperationInput, OperationOutput, OperationSchemas } from "../../shared/api-operation";

/** An API answer that was not 2xx, with the server's readable message. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** Seconds to wait, on 429. */
    readonly retryAfter?: number,
    readonly fields?: Record<string, string>,
    /** The server's more specific reason, such as "expired", when it gave one. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

interface ApiInit {
  method?: string;
  json?: unknown;
  /** A file sent as its own bytes, with its own type (a POST). */
  file?: Blob;
  signal?: AbortSignal;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** Whatever a call threw, as an ApiError with a message fit to show. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError("Something went wrong. Please try again.", 0);
}

let pendingToken: Promise<string> | null = null;

/** The server-issued CSRF token: the stored one, or a new one from GET /api/csrf. */
export function csrfToken(options: { refresh?: boolean } = {}): Promise<string> {
  const current = storedCsrfToken();
  if (current && !options.refresh) return Promise.resolve(current);
  pendingToken ??= call(securityOps.getCsrfToken)
    .then(({ token }) => storeCsrfToken(token))
    .finally(() => {
      pendingToken = null;
    });
  return pendingToken;
}

/** The request for `path`, with the CSRF token on state-changing calls (a fresh one when asked). */
function sender(path: string, method: string, init: ApiInit) {
  return async (refreshToken: boolean) => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    if (init.file) headers["content-type"] = init.file.type || "application/octet-stream";
    if (!SAFE_METHODS.has(method)) headers[CSRF_HEADER] = await csrfToken({ refresh: refreshToken }).catch(() => "");
    return fetch(path, {
      method,
      headers,
      body: init.file ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      credentials: "same-origin",
      signal: init.signal,
    });
  };
}

/** Sends once; a write whose token was refused (the session changed elsewhere) once more with a new token. */
async function sendWithFreshToken(send: (refreshToken: boolean) => Promise<Response>, method: string) {
  try {
    const response = await send(false);
    if (response.status !== 403 || SAFE_METHODS.has(method)) return response;
    const refused = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    return refused?.code === "CSRF_INVALID" ? await send(true) : response;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("We could not reach the server. Check your connection and try again.", 0);
  }
}

/** A refusal's words, code, wait and field messages, as the server sent them. */
function apiErrorOf(response: Response, body: Record<string, unknown> | null): ApiError {
  const message =
    typeof body?.message === "string" && body.message ? body.message : `The request failed (${response.status}).`;
  const retryAfter =
    typeof body?.retryAfter === "number" ? body.retryAfter : Number(response.headers.get("retry-after")) || undefined;
  const code = typeof body?.code === "string" ? body.code : undefined;
  const reason = typeof body?.reason === "string" ? body.reason : undefined;
  const fields = body?.fields as Record<string, string> | undefined;
  return new ApiError(message, response.status, code, retryAfter, fields, reason);
}

/** Same as apiFetch, with the answer's headers too (for the few screens that read one). */
export async function apiFetchWithHeaders<T>(path: string, init: ApiInit = {}): Promise<{ body: T; headers: Headers }> {
  const method = init.method ?? (init.json === undefined && !init.file ? "GET" : "POST");
  const inHtml = method === "GET" ? takeFirstScreenAnswer(path) : undefined;
  if (inHtml) {
    if (inHtml.csrfToken) storeCsrfToken(inHtml.csrfToken);
    return {
      body: inHtml.body as T,
      headers: new Headers(inHtml.csrfToken ? { [CSRF_HEADER]: inHtml.csrfToken } : {}),
    };
  }
  const response = await sendWithFreshToken(sender(path, method, init), method);
  // Sign-in, sign-out and each session read come with the token of the session they leave.
  const issued = response.headers.get(CSRF_HEADER);
  if (issued) storeCsrfToken(issued);
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) throw apiErrorOf(response, body);
  return { body: body as T, headers: response.headers };
}

/**
 * The one way the web app calls the API: same-origin JSON; every failure becomes an ApiError
 * with a message fit to show. State-changing calls carry the CSRF token, which the session's own
 * answers replace; a refused token (the session changed elsewhere) is refreshed and the call tried once more.
 */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, init)).body;
}

/**
 * Calls one operation of the API by name: `call(usersOps.banUser, { params: { id }, body })`.
 * Its path, method and types come from the shared contract, so no screen writes an /api path.
 */
export function call<S extends OperationSchemas>(
  operation: Operation<S>,
  ...[input]: Record<never, never> extends OperationInput<S>
    ? [input?: OperationInput<S> & { signal?: AbortSignal }]
    : [input: OperationInput<S> & { signal?: AbortSignal }]
): Promise<OperationOutput<S>> {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const url = operationUrl(operation, params, query);
  return apiFetch<OperationOutput<S>>(url, { method: operation.method.toUpperCase(), json: body, signal });
}
