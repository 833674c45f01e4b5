import type { Hono } from "hono";

export interface Endpoint {
  method: string;
  /** With Hono's `:param` placeholders. */
  path: string;
  /** Hashes a password when the input is good enough: allowed more time (see fuzz.test.ts). */
  hashesPasswords?: boolean;
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * Our own endpoints, as the app registered them. Middleware (method ALL) and the catch-all
 * are left out. The source is one function so that it can switch to the OpenAPI document once
 * that lists every endpoint.
 */
export function endpointsOfApp(app: Hono): Endpoint[] {
  const seen = new Map<string, Endpoint>();
  for (const route of app.routes) {
    if (!METHODS.has(route.method) || route.path.includes("*")) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** The Better Auth endpoints our screens and staff use (Better Auth serves them behind /api/auth/*). */
export const BETTER_AUTH_ENDPOINTS: Endpoint[] = [
  { method: "POST", path: "/api/auth/sign-in/email", hashesPasswords: true },
  { method: "POST", path: "/api/auth/sign-up/email", hashesPasswords: true },
  { method: "POST", path: "/api/auth/sign-out" },
  { method: "POST", path: "/api/auth/update-user" },
  { method: "POST", path: "/api/auth/change-password", hashesPasswords: true },
  { method: "POST", path: "/api/auth/change-email" },
  { method: "POST", path: "/api/auth/revoke-session" },
  { method: "POST", path: "/api/auth/revoke-sessions" },
  { method: "POST", path: "/api/auth/revoke-other-sessions" },
  { method: "GET", path: "/api/auth/list-sessions" },
  { method: "POST", path: "/api/auth/request-password-reset" },
  { method: "POST", path: "/api/auth/reset-password", hashesPasswords: true },
  { method: "POST", path: "/api/auth/delete-user", hashesPasswords: true },
  { method: "POST", path: "/api/auth/send-verification-email" },
];

/** Every endpoint the fuzzer calls: the app's own and Better Auth's, each once. */
export function fuzzTargets(app: Hono): Endpoint[] {
  const own = endpointsOfApp(app).filter(
    (endpoint) => !BETTER_AUTH_ENDPOINTS.some((auth) => auth.method === endpoint.method && auth.path === endpoint.path),
  );
  const hashing = new Set(
    BETTER_AUTH_ENDPOINTS.filter((endpoint) => endpoint.hashesPasswords).map((endpoint) => endpoint.path),
  );
  return [
    ...own.map((endpoint) => ({ ...endpoint, hashesPasswords: hashing.has(endpoint.path) })),
    ...BETTER_AUTH_ENDPOINTS,
  ];
}
