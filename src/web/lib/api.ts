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
  ) {
    super(message);
  }
}

interface ApiInit {
  method?: string;
  json?: unknown;
  signal?: AbortSignal;
}

/** Same-origin JSON calls; every failure becomes an ApiError with a message fit to show. */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("We could not reach the server. Check your connection and try again.", 0);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const message = typeof body?.message === "string" && body.message ? body.message : `The request failed (${response.status}).`;
    const retryAfter = typeof body?.retryAfter === "number" ? body.retryAfter : Number(response.headers.get("retry-after")) || undefined;
    throw new ApiError(
      message,
      response.status,
      typeof body?.code === "string" ? body.code : undefined,
      retryAfter,
      (body?.fields as Record<string, string> | undefined) ?? undefined,
    );
  }
  return body as T;
}
