/** The app's pages, known to the server (for status codes and redirects) and the router. */
export const PUBLIC_PATHS = ["/", "/features", "/pricing", "/about", "/contact", "/secure-login", "/link-expired", "/reset-password"] as const;

export const PROTECTED_PATHS = [
  "/secure-dashboard",
  "/automation-plan",
  "/admin",
  "/clients",
  "/my-automations",
  "/billing",
  "/support",
  "/account",
  "/accept-invitation",
] as const;

/** Protected pages with an id in the path. */
const PROTECTED_PATTERNS: readonly RegExp[] = [/^\/my-automations\/[0-9a-f-]{36}$/i];

export const STAFF_ONLY_PATHS: readonly string[] = ["/admin", "/clients"];

export const REDIRECTS: Readonly<Record<string, string>> = {
  "/login": "/secure-login",
  "/auth": "/secure-login",
  "/dashboard": "/secure-dashboard",
};

export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (
    (PUBLIC_PATHS as readonly string[]).includes(path) ||
    (PROTECTED_PATHS as readonly string[]).includes(path) ||
    PROTECTED_PATTERNS.some((pattern) => pattern.test(path))
  );
}
