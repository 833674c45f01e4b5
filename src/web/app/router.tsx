import { useEffect } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { REDIRECTS } from "../../shared/routes";
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

/** Every screen is its own lazily loaded chunk; the marketing pages never load the auth code. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: Loading,
    children: [
      {
        lazy: () => import("./layouts/marketing-frame"),
        children: [
          { index: true, path: "/", lazy: marketingPage(() => import("./routes/marketing/home")) },
          { path: "/features", lazy: marketingPage(() => import("./routes/marketing/features")) },
          { path: "/pricing", lazy: marketingPage(() => import("./routes/marketing/pricing")) },
          { path: "/about", lazy: marketingPage(() => import("./routes/marketing/about")) },
          { path: "/contact", lazy: marketingPage(() => import("./routes/marketing/contact")) },
          { path: "*", lazy: () => import("./routes/not-found") },
        ],
      },
      {
        lazy: () => import("./layouts/auth-shell"),
        children: [
          { path: "/secure-login", lazy: () => import("./routes/secure-login") },
          { path: "/link-expired", lazy: () => import("./routes/link-expired") },
          { path: "/reset-password", lazy: () => import("./routes/reset-password") },
          { path: "/unsubscribe", lazy: () => import("./routes/unsubscribe") },
          {
            lazy: () => import("./layouts/app-layout"),
            children: [
              { path: "/secure-dashboard", lazy: () => import("./routes/secure-dashboard") },
              { path: "/automation-plan", lazy: () => import("./routes/automation-plan") },
              { path: "/automation-plan/:id", lazy: () => import("./routes/automation-plan-item") },
              { path: "/my-automations", lazy: () => import("./routes/my-automations") },
              { path: "/my-automations/:id", lazy: () => import("./routes/my-automation-detail") },
              { path: "/accept-invitation", lazy: () => import("./routes/accept-invitation") },
              { path: "/billing", lazy: () => import("./routes/billing") },
              { path: "/billing/invoices/:id", lazy: () => import("./routes/billing-invoice") },
              { path: "/support", lazy: () => import("./routes/support") },
              { path: "/support/:id", lazy: () => import("./routes/support-ticket") },
              { path: "/admin", lazy: () => import("./routes/admin") },
              { path: "/admin/automations", lazy: () => import("./routes/admin-automations") },
              { path: "/admin/emails", lazy: () => import("./routes/admin-emails") },
              { path: "/admin/leads", lazy: () => import("./routes/admin-leads") },
              { path: "/admin/invoices", lazy: () => import("./routes/admin-invoices") },
              { path: "/admin/audit-log", lazy: () => import("./routes/admin-audit-log") },
              { path: "/clients", lazy: () => import("./routes/clients") },
              { path: "/clients/:id", lazy: () => import("./routes/client-detail") },
              { path: "/account", lazy: () => import("./routes/account") },
              { path: "/admin/users", lazy: () => import("./routes/admin-users") },
              { path: "/admin/security-log", lazy: () => import("./routes/admin-security-log") },
              { path: "/admin/plan", lazy: () => import("./routes/admin-plan") },
              { path: "/admin/plan/:id", lazy: () => import("./routes/admin-plan-item") },
              { path: "/admin/tickets", lazy: () => import("./routes/admin-tickets") },
            ],
          },
        ],
      },
      ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
