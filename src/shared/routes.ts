import type { ScreenAccess } from "./access";

/**
 * Every screen of the app and who may open it: the server answers 200 for these paths (404 for
 * others), and the web's guard reads the access of the screen it shows. The web's router is built
 * from these paths (src/web/app/router.tsx) and its links are made of them (`screenPath`).
 * `:id` stands for a UUID, `:month` for a month ("2026-10").
 */
export const SCREENS = {
  "/": "public",
  "/features": "public",
  "/pricing": "public",
  "/about": "public",
  "/contact": "public",
  "/secure-login": "public",
  "/link-expired": "public",
  "/reset-password": "public",
  "/unsubscribe": "public",
  "/secure-dashboard": "signedIn",
  "/automation-plan": "signedIn",
  "/automation-plan/:id": "signedIn",
  "/my-automations": "signedIn",
  "/my-automations/:id": "signedIn",
  "/accept-invitation": "public",
  "/billing": "signedIn",
  "/billing/invoices/:id": "signedIn",
  "/support": "signedIn",
  "/support/:id": "signedIn",
  "/reports": "signedIn",
  "/reports/:month": "signedIn",
  "/account": "signedIn",
  "/admin": "staff",
  "/admin/automations": "staff",
  "/admin/emails": "staff",
  "/admin/leads": "staff",
  "/admin/invoices": "staff",
  "/admin/pricing": "staff",
  "/admin/audit-log": "staff",
  "/clients": "staff",
  "/clients/:id": "staff",
  "/admin/users": "staff",
  "/admin/security-log": "staff",
  "/admin/notifications": "staff",
  "/admin/plan": "staff",
  "/admin/plan/:id": "staff",
  "/admin/tickets": "staff",
} as const satisfies Record<string, ScreenAccess>;

export type ScreenPath = keyof typeof SCREENS;

/** A screen path's parameter names: "/clients/:id" → "id". */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A link's query: values left undefined, null or empty are left out. */
export type ScreenQuery = Record<string, string | number | boolean | null | undefined>;

/**
 * The address of a screen, from its path in SCREENS: `screenPath("/clients/:id", { id }, { tab: "automations" })`
 * → "/clients/3f…?tab=automations"; `screenPath("/admin/leads", { status: "new" })` → "/admin/leads?status=new".
 * A path with parameters takes them first (the type check asks for each), then the query.
 */
export function screenPath<P extends ScreenPath>(
  path: P,
  ...args: [ParamNames<P>] extends [never]
    ? [query?: ScreenQuery]
    : [params: Record<ParamNames<P>, string | number>, query?: ScreenQuery]
): string {
  const hasParams = path.includes(":");
  const params = (hasParams ? args[0] : {}) as Record<string, string | number>;
  const query = (hasParams ? args[1] : args[0]) as ScreenQuery | undefined;
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

export const REDIRECTS: Readonly<Record<string, string>> = {
  "/login": "/secure-login",
  "/auth": "/secure-login",
  "/dashboard": "/secure-dashboard",
};

/**
 * A client's own pages and the agency's page staff get instead (ADR 0023). Staff who are not
 * viewing a client company as its client are sent on: by the server for a document, by the app's
 * guard when it navigates there itself.
 */
export const STAFF_EQUIVALENTS: Readonly<Record<string, string>> = {
  "/secure-dashboard": "/admin",
  "/automation-plan": "/admin/plan",
  "/automation-plan/:id": "/admin/plan/:id",
  "/my-automations": "/admin/automations?kind=all",
  "/billing": "/admin/invoices",
  "/support": "/admin/tickets",
  "/reports": "/clients",
  "/reports/:month": "/clients",
};

const staffPatterns = Object.entries(STAFF_EQUIVALENTS).map(([path, to]) => ({
  to,
  pattern: new RegExp(`^${path.replace(/:id/g, "([0-9a-fA-F-]{36})").replace(/:month/g, "\\d{4}-\\d{2}")}$`, "i"),
}));

/** Where staff outside a client's view go instead of this client page; undefined for every other path. */
export function staffEquivalent(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const { to, pattern } of staffPatterns) {
    const match = pattern.exec(path);
    if (match) return match[1] ? to.replace(":id", match[1]) : to;
  }
  return undefined;
}

const patterns = Object.entries(SCREENS).map(([path, access]) => ({
  access: access as ScreenAccess,
  pattern: new RegExp(`^${path.replace(/:id/g, "[0-9a-fA-F-]{36}").replace(/:month/g, "\\d{4}-\\d{2}")}$`, "i"),
}));

/** Who may open the screen at this path; undefined when no screen is there. */
export function screenAccess(pathname: string): ScreenAccess | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return patterns.find(({ pattern }) => pattern.test(path))?.access;
}

export const isAppPath = (pathname: string): boolean => screenAccess(pathname) !== undefined;
