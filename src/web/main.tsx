import { hydrate, QueryClientProvider } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { routes } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

async function start() {
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  const queryClient = createQueryClient();
  // Data the prerendered page was rendered with (a JSON block, not a script: the CSP allows none inline).
  const state = document.getElementById("prerender-state")?.textContent;
  if (state) hydrate(queryClient, JSON.parse(state));

  const prerendered = root.firstElementChild !== null;
  if (prerendered) {
    // Load the lazy route modules of this page before hydrating, so the first render matches the HTML.
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== "function") return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  const router = createBrowserRouter(routes, prerendered ? { hydrationData: { loaderData: {} } } : undefined);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  if (prerendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();
