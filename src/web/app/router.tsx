import { useEffect } from "react";
import { createBrowserRouter, Navigate, type LazyRouteFunction, type RouteObject } from "react-router";
import { REDIRECTS, type SCREENS, type ScreenPath } from "../../shared/routes";
// The signed-in frame comes with the app's entry, not as chunks of its own: every page this entry
// serves but the 404 sits in it, and the first screen then waits for one download less.
import { Component as AppLayout } from "./layouts/app-layout";
import { Component as AuthShell } from "./layouts/auth-shell";
import { Loading, RootLayout } from "./layouts/root-layout";
import type { MarketingPageModule } from "./routes/marketing/marketing-page";

/**
 * A marketing page inside the app. Served, those pages are prerendered documents with their own
 * small entry (src/web/marketing.tsx); the app renders them only where no prerendered HTML
 * exists (the Vite dev server) or when it navigates there itself. The plans load from the API.
 */
const marketingPage = (load: () => Promise<MarketingPageModule>) => async () => {
  const { meta, Page } = await load();
  return {
    Component() {
      useEffect(() => {
        document.title = meta.title;
      }, []);
      return <Page data={{ plans: [], signedIn: false }} />;
    },
  };
};

/** A public screen's frame: the marketing pages' or the sign-in screens' (which also holds the app's layout). */
type PublicFrame = "marketing" | "auth";
type Lazy = LazyRouteFunction<RouteObject>;

/**
 * How each screen of SCREENS loads: exactly SCREENS' paths, or the type check fails. Every screen
 * is its own lazily loaded chunk; signed-in and staff screens sit in the app's layout, public ones
 * name their frame.
 */
type ScreenModules = {
  [P in ScreenPath]: (typeof SCREENS)[P] extends "public" ? { frame: PublicFrame; lazy: Lazy } : { lazy: Lazy };
};

const SCREEN_MODULES: ScreenModules = {
  "/": { frame: "marketing", lazy: marketingPage(() => import("./routes/marketing/home")) },
  "/features": { frame: "marketing", lazy: marketingPage(() => import("./routes/marketing/features")) },
  "/pricing": { frame: "marketing", lazy: marketingPage(() => import("./routes/marketing/pricing")) },
  "/about": { frame: "marketing", lazy: marketingPage(() => import("./routes/marketing/about")) },
  "/contact": { frame: "marketing", lazy: marketingPage(() => import("./routes/marketing/contact")) },
  "/secure-login": { frame: "auth", lazy: () => import("./routes/secure-login") },
  "/link-expired": { frame: "auth", lazy: () => import("./routes/link-expired") },
  "/reset-password": { frame: "auth", lazy: () => import("./routes/reset-password") },
  "/unsubscribe": { frame: "auth", lazy: () => import("./routes/unsubscribe") },
  "/secure-dashboard": { lazy: () => import("./routes/secure-dashboard") },
  "/automation-plan": { lazy: () => import("./routes/automation-plan") },
  "/automation-plan/:id": { lazy: () => import("./routes/automation-plan-item") },
  "/my-automations": { lazy: () => import("./routes/my-automations") },
  "/my-automations/:id": { lazy: () => import("./routes/my-automation-detail") },
  "/accept-invitation": { frame: "auth", lazy: () => import("./routes/accept-invitation") },
  "/billing": { lazy: () => import("./routes/billing") },
  "/billing/invoices/:id": { lazy: () => import("./routes/billing-invoice") },
  "/support": { lazy: () => import("./routes/support") },
  "/support/:id": { lazy: () => import("./routes/support-ticket") },
  "/reports": { lazy: () => import("./routes/reports") },
  "/reports/:month": { lazy: () => import("./routes/report") },
  "/account": { lazy: () => import("./routes/account") },
  "/admin": { lazy: () => import("./routes/admin") },
  "/admin/automations": { lazy: () => import("./routes/admin-automations") },
  "/admin/emails": { lazy: () => import("./routes/admin-emails") },
  "/admin/leads": { lazy: () => import("./routes/admin-leads") },
  "/admin/invoices": { lazy: () => import("./routes/admin-invoices") },
  "/admin/pricing": { lazy: () => import("./routes/admin-pricing") },
  "/admin/audit-log": { lazy: () => import("./routes/admin-audit-log") },
  "/clients": { lazy: () => import("./routes/clients") },
  "/clients/:id": { lazy: () => import("./routes/client-detail") },
  "/admin/users": { lazy: () => import("./routes/admin-users") },
  "/admin/security-log": { lazy: () => import("./routes/admin-security-log") },
  "/admin/notifications": { lazy: () => import("./routes/admin-notifications") },
  "/admin/plan": { lazy: () => import("./routes/admin-plan") },
  "/admin/plan/:id": { lazy: () => import("./routes/admin-plan-item") },
  "/admin/tickets": { lazy: () => import("./routes/admin-tickets") },
};

/** The screens of one frame ("app": every signed-in and staff screen), as routes. */
function screensIn(frame: PublicFrame | "app"): RouteObject[] {
  return Object.entries(SCREEN_MODULES as Record<ScreenPath, { frame?: PublicFrame; lazy: Lazy }>)
    .filter(([, screen]) => (screen.frame ?? "app") === frame)
    .map(([path, { lazy }]) => (path === "/" ? { index: true, path, lazy } : { path, lazy }));
}

/** The router's tree, built from SCREENS: no screen is routed that is not declared there, nor the reverse. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: Loading,
    children: [
      {
        lazy: () => import("./layouts/marketing-frame"),
        children: [...screensIn("marketing"), { path: "*", lazy: () => import("./routes/not-found") }],
      },
      {
        Component: AuthShell,
        children: [...screensIn("auth"), { Component: AppLayout, children: screensIn("app") }],
      },
      ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
