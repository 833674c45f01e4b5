import type { Server } from "node:http";

/** How long a stopping instance gives its requests and jobs in flight before it exits anyway. */
export const SHUTDOWN_LIMIT_MS = 20_000;

const RETRY_AFTER_SECONDS = 5;

/**
 * The answers while the server waits for its database at start: alive, not ready, and a 503
 * with Retry-After for anything else (a proxy sends the request to a ready instance meanwhile).
 */
export function startingAnswer(request: Request): Response {
  const { pathname } = new URL(request.url);
  if (pathname === "/api/health") return Response.json({ ok: true });
  const message =
    pathname === "/api/ready"
      ? "Not ready: the server is starting and waits for its database."
      : "The service is starting. Please try again in a moment.";
  return Response.json(
    { message, code: "UNAVAILABLE", reason: "starting", retryAfter: RETRY_AFTER_SECONDS },
    { status: 503, headers: { "retry-after": String(RETRY_AFTER_SECONDS) } },
  );
}

/**
 * Keeps an idle keep-alive connection open for 65 s instead of Node's 5. A client (a proxy, a
 * browser, an API client) that sends its next request on a connection just as the server closes
 * it gets a reset (ECONNRESET); closing later than the proxies in front (nginx 60 s, load
 * balancers 60 s) leaves the closing to them. A shutdown still closes idle connections at once.
 */
export function keepIdleConnections(server: Server) {
  server.keepAliveTimeout = 65_000;
  // Above the keep-alive timeout, or a connection's next request headers could be cut short.
  server.headersTimeout = 66_000;
}

/**
 * Stops taking connections and resolves once the requests in flight are answered. Keep-alive
 * connections would hold it open: each is closed as soon as it is idle (the answers of a
 * stopping instance also say `Connection: close`, see the app's readiness middleware).
 */
export function drainConnections(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    idle.unref();
    server.close(() => {
      clearInterval(idle);
      resolve();
    });
  });
}
