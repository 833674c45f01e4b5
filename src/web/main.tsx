import "./lib/zod-jitless"; // first: Zod must be jitless before any schema is built
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes, RouterProvider } from "react-router";
import { screenAccess } from "../shared/routes";
import { AppProviders, FIRST_SCREEN_QUERIES, seedFirstScreen } from "./app/first-screen";
import { createRouter, routes } from "./app/router";
import { getMeQueryOptions } from "./features/account/api/get-me";
import { checkSessionEarly } from "./features/auth/api/get-session";
import { peekFirstScreenAnswers, takeFirstScreenAnswer } from "./lib/first-screen-answers";
import { hydrated, hydratingAt } from "./lib/format";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

// The app: every page but the prerendered marketing pages, which have their own entry (marketing.tsx).
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
const queryClient = createQueryClient();
// A signed-in first screen the server rendered (ADR 0037): its answers go into the cache first, so
// that the browser's first render is the server's.
// (The attribute holds the instant it was rendered at: its data are as old, and its relative times
// read from then until it has hydrated.)
const renderedAt = Number(root.dataset.serverRendered);
const initialSession =
  renderedAt > 0 ? seedFirstScreen(queryClient, window.location.pathname, peekFirstScreenAnswers(), renderedAt) : null;
// Those answers are in the cache now: a later read of theirs (after a change) asks the server.
if (initialSession)
  for (const { url } of FIRST_SCREEN_QUERIES[window.location.pathname] ?? []) takeFirstScreenAnswer(url);
// No waterfall before a signed-in screen's data: the session is checked while the screen's chunks
// load, and the account (/api/me, which the signed-in frame reads first) is asked for as soon as
// the session says someone is signed in (unless the page was rendered: its first render is the
// server's, whatever the account's answer would be by then).
const session = checkSessionEarly();
const access = screenAccess(window.location.pathname);
if (access && access !== "public" && !initialSession)
  session.then(
    (answer) => (answer?.user ? queryClient.prefetchQuery(getMeQueryOptions()) : undefined),
    () => undefined,
  );

/** Loads the screen's own chunk before hydrating: the router would otherwise render its fallback. */
async function loadMatchedRoutes() {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy !== "function") continue;
    Object.assign(match.route, { ...(await lazy()), lazy: undefined });
  }
}

/** The app: its providers around the router (made after the screen's chunk is in the routes). */
const app = () => (
  <AppProviders queryClient={queryClient} initialSession={initialSession}>
    <RouterProvider router={createRouter()} />
  </AppProviders>
);

const render = () => {
  hydrated();
  createRoot(root).render(app());
};

if (initialSession) {
  hydratingAt(renderedAt);
  // Time-sliced, as the marketing pages hydrate: no long task holds up the page. Without the
  // screen's chunk the router could not render what the server did: the app renders anew.
  const hydrate = () => startTransition(() => void hydrateRoot(root, app()));
  void loadMatchedRoutes().then(hydrate, render);
} else {
  render();
}
